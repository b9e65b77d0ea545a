import {
  type ProductSeo,
  productSeoPatchSchema,
  SEO_FIELD_LABELS,
  SEO_FIELDS,
  SEO_LIMITS,
  type SeoField,
  seoChanges,
  slugify,
} from '@backroom/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { NO_CHANGES, ReasonButton } from '../../../components/reason-button';
import { ApiError } from '../../../lib/api-client';
import { useReportDirty } from '../../../lib/use-unsaved-changes';
import { whyNot } from '../../../lib/why-not';
import { type UniversalProduct, useSaveProduct } from '../api';

type SeoForm = Record<SeoField, string>;

const toForm = (seo: ProductSeo): SeoForm => ({
  title: seo.title ?? '',
  metaDescription: seo.metaDescription ?? '',
  slug: seo.slug ?? '',
  description: seo.description ?? '',
});

/** The shared rules' words for each field that breaks them. */
function fieldErrors(form: SeoForm): Partial<Record<SeoField, string>> {
  const result = productSeoPatchSchema.safeParse(form);
  if (result.success) return {};
  const errors: Partial<Record<SeoField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SeoField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's field errors of a refused save ('0.seo.title' …), by form field. */
function serverErrors(error: unknown): Partial<Record<SeoField, string>> {
  if (!(error instanceof ApiError)) return {};
  const errors: Partial<Record<SeoField, string>> = {};
  for (const { field, message } of error.fields ?? []) {
    const name = field.split('.').pop() as SeoField;
    if (SEO_FIELDS.includes(name)) errors[name] ??= message;
  }
  return errors;
}

const counter = (value: string, limit: number) => (
  <Text span size="xs" c={value.trim().length > limit ? 'red' : 'dimmed'}>
    {value.trim().length.toLocaleString('en-US')} / {limit.toLocaleString('en-US')}
  </Text>
);

interface ProductSeoFormProps {
  product: Pick<UniversalProduct, 'id' | 'name' | 'seo'>;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The SEO mode of the universal product view: page title, meta description, URL handle and the product
 * description, saved in the product's listing data (PATCH products with `seo`, changed fields only).
 */
export function ProductSeoForm({ product, onDirtyChange }: ProductSeoFormProps) {
  const save = useSaveProduct();
  const [form, setForm] = useState(() => toForm(product.seo));
  const set = (field: SeoField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A refusal's field errors are about what was sent; an edit makes them stale.
    if (save.isError) save.reset();
  };

  const changes = seoChanges(product.seo, form);
  const changed = Object.keys(changes).length > 0;
  const errors = { ...serverErrors(save.error), ...fieldErrors(form) };
  const valid = Object.keys(fieldErrors(form)).length === 0;
  useReportDirty(changed, onDirtyChange);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || !valid) return;
    save.mutate({ patch: { id: product.id, seo: changes }, message: 'SEO saved' });
  };

  const title = form.title.trim() || product.name;
  const slug = form.slug.trim() || slugify(product.name);

  return (
    <form onSubmit={submit} noValidate data-testid="seo-form">
      <Stack maw={860}>
        <TextInput
          label={SEO_FIELD_LABELS.title}
          description="Shown as the page's title in search results; the product name when empty."
          placeholder={product.name}
          value={form.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          rightSection={counter(form.title, SEO_LIMITS.title)}
          rightSectionWidth={70}
        />
        <Textarea
          label={SEO_FIELD_LABELS.metaDescription}
          description="The summary under the title in search results."
          value={form.metaDescription}
          onChange={(e) => set('metaDescription', e.currentTarget.value)}
          error={errors.metaDescription}
          autosize
          minRows={2}
          maxRows={5}
        />
        <Group justify="flex-end" mt={-12}>
          {counter(form.metaDescription, SEO_LIMITS.metaDescription)}
        </Group>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={SEO_FIELD_LABELS.slug}
            description="Lowercase letters, digits and hyphens: the last part of the product's web address."
            leftSection={
              <Text size="sm" c="dimmed">
                /products/
              </Text>
            }
            leftSectionWidth={80}
            placeholder={slugify(product.name)}
            value={form.slug}
            onChange={(e) => set('slug', e.currentTarget.value)}
            error={errors.slug}
            rightSection={counter(form.slug, SEO_LIMITS.slug)}
            rightSectionWidth={70}
          />
          <Button
            variant="default"
            onClick={() => set('slug', slugify(product.name))}
            mb={errors.slug ? 22 : 0}
          >
            From Name
          </Button>
        </Group>
        <Textarea
          label={SEO_FIELD_LABELS.description}
          description="The product description shown on the product page."
          value={form.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={8}
          maxRows={24}
        />
        <Group justify="flex-end" mt={-12}>
          {counter(form.description, SEO_LIMITS.description)}
        </Group>

        <Paper withBorder p="sm" maw={620} data-testid="seo-preview">
          <Text size="xs" c="dimmed">
            Search result preview
          </Text>
          <Text size="xs" c="green.8" truncate>
            /products/{slug}
          </Text>
          <Anchor component="span" size="lg" lineClamp={1} underline="never">
            {title}
          </Anchor>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {form.metaDescription.trim() ||
              'No meta description yet: search engines will pick text from the page.'}
          </Text>
        </Paper>

        <Group>
          <ReasonButton
            type="submit"
            disabledReason={whyNot(
              [!changed, NO_CHANGES],
              [!valid, 'Correct the fields marked in red first'],
            )}
            loading={save.isPending}
          >
            Save SEO
          </ReasonButton>
          <ReasonButton
            variant="default"
            disabledReason={changed ? null : NO_CHANGES}
            disabled={save.isPending}
            onClick={() => {
              setForm(toForm(product.seo));
              save.reset();
            }}
          >
            Discard Changes
          </ReasonButton>
          {changed && (
            <Text size="sm" c="orange.8">
              Unsaved changes
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
