import { defaultNextImageReview, IMAGE_REVIEW_INTERVAL_DAYS, toDateInputValue } from '@backroom/shared';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { ImagesSection } from '../../catalogue/components/product-editor/images-section';
import { type UniversalProduct, useSaveProduct } from '../api';
import { activeImageCount, nextReviewText, reviewedText } from '../lib/search-modes';

/** A date input's day as a time: the start of that day where the user is. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00`);

/**
 * The images mode of the universal product view: the image review (when reviewed, when due again, and
 * 'Mark Images Reviewed') above the product editor's own images section (reorder, primary, on/off, upload).
 */
export function ProductImagesPanel({
  product,
}: {
  product: Pick<UniversalProduct, 'id' | 'images' | 'imagesReviewedAt' | 'imagesNextReviewAt'>;
}) {
  const save = useSaveProduct();
  const [nextReview, setNextReview] = useState(() => defaultNextImageReview(new Date()));
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const earliest = toDateInputValue(tomorrow);
  const nextReviewError = !nextReview
    ? 'Choose when the images are due for review again'
    : nextReview < earliest
      ? 'The next review must be after today'
      : null;

  const markReviewed = () => {
    if (nextReviewError) return;
    save.mutate({
      patch: {
        id: product.id,
        imagesReviewedAt: new Date().toISOString(),
        imagesNextReviewAt: startOfDay(nextReview).toISOString(),
      },
      message: `Images marked as reviewed; next review ${nextReviewText(startOfDay(nextReview).toISOString())}`,
    });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" data-testid="image-review">
        <Title order={5} mb="xs">
          Image Review
        </Title>
        <Group gap="xl" mb="sm">
          <Text>
            <b>Reviewed:</b>{' '}
            <span data-testid="images-reviewed">{reviewedText(product.imagesReviewedAt)}</span>
          </Text>
          <Text>
            <b>Next Review:</b>{' '}
            <span data-testid="images-next-review">{nextReviewText(product.imagesNextReviewAt)}</span>
          </Text>
          <Text data-testid="active-image-count">
            <b>Active images:</b> {activeImageCount(product.images)}
          </Text>
        </Group>
        <Group align="flex-end">
          <TextInput
            type="date"
            label="Next review"
            description={`Default: ${IMAGE_REVIEW_INTERVAL_DAYS} days from today`}
            value={nextReview}
            min={earliest}
            onChange={(event) => setNextReview(event.currentTarget.value)}
            error={nextReviewError}
            w={220}
          />
          <Button onClick={markReviewed} disabled={Boolean(nextReviewError)} loading={save.isPending}>
            Mark Images Reviewed
          </Button>
        </Group>
      </Paper>
      <div>
        <Title order={5} mb="xs">
          Images
        </Title>
        <ImagesSection
          productId={product.id}
          images={product.images}
          onSaved={(message) => notify({ color: 'green', message })}
        />
      </div>
    </Stack>
  );
}
