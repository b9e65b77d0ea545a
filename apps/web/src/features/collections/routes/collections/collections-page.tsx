import {
  type AccountSite,
  activateFacet,
  autoSelect,
  type BaseProductQuery,
  COLLECTION_NAME_MAX,
  type Collection,
  type CollectionJson,
  canEditName,
  deactivateFacet,
  defaultChannelId,
  duplicateCollection,
  type EditorCollection,
  emptyCollectionJson,
  isTemporaryId,
  moveFacet,
  newCollection,
  setSortAndHits,
  toggleFacet,
  withUiState,
} from '@backroom/shared';
import { Grid, Group, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { InstantSearch } from 'react-instantsearch';
import { ReasonButton } from '../../../../components/reason-button';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useUrlOverlay } from '../../../../lib/use-url-overlay';
import { whyNot } from '../../../../lib/why-not';
import { useMe } from '../../../auth/api';
import { useAccountSites, useBaseProductQuery, useCollections, useSaveCollection } from '../../api';
import { createSearchClient } from '../../search-client';
import { FacetPanel } from './facet-panel';
import { ProductAttributesDrawer } from './product-attributes-drawer';
import { ResultsPanel } from './results-panel';
import './collections.css';

// The storefront collections editor (catalogue-admin.md §2.6, §4.2): pick an account site, search and pick a
// collection (the default one when none is picked), duplicate it, edit its name, facets and query, and save.

const toEditor = ({ accountId: _a, modifiedAt: _m, ...collection }: Collection): EditorCollection =>
  collection;

/** §6: the site of the account's default channel (593 for account 6, else 664), else the first. */
function defaultSite(sites: AccountSite[], accountId: number) {
  return sites.find((s) => s.channelId === defaultChannelId(accountId)) ?? sites[0] ?? null;
}

export function CollectionsPage() {
  usePageTitle('Collections');
  const me = useMe().data;
  const accountId = me?.currentAccount.id ?? 0;
  const sites = useAccountSites();
  const [siteId, setSiteId] = useState<number | null>(null);
  const [selected, setSelected] = useState<EditorCollection | null>(null);
  const [saving, setSaving] = useState(false);
  const base = useBaseProductQuery(siteId);
  const collections = useCollections(siteId);
  const save = useSaveCollection();

  useEffect(() => {
    if (siteId === null && sites.data && accountId) setSiteId(defaultSite(sites.data, accountId)?.id ?? null);
  }, [siteId, sites.data, accountId]);

  // §4.2: the default collection is selected when nothing is.
  useEffect(() => {
    if (selected || !collections.data) return;
    const picked = autoSelect(collections.data, null);
    if (picked) setSelected(toEditor(picked));
  }, [selected, collections.data]);

  const site = sites.data?.find((s) => s.id === siteId) ?? null;
  const options = useMemo(() => {
    const saved = (collections.data ?? []).map((c) => ({
      value: String(c.id),
      label: c.isDefaultCollection ? `${c.name} (default)` : c.name,
    }));
    return selected && isTemporaryId(selected.id)
      ? [{ value: selected.id, label: `${selected.name} (not saved)` }, ...saved]
      : saved;
  }, [collections.data, selected]);

  /** §4.2: "Changing the account site clears the selected collection and reloads the facets." */
  const changeSite = (value: string | null) => {
    setSelected(null);
    setSiteId(value ? Number(value) : null);
  };
  const pick = (value: string | null) => {
    const found = collections.data?.find((c) => String(c.id) === value);
    if (found) setSelected(toEditor(found));
  };
  const changeJson = (change: (json: CollectionJson) => CollectionJson) =>
    setSelected((current) => (current ? { ...current, json: change(current.json) } : current));

  const onSave = async () => {
    if (!selected) return;
    setSaving(true);
    try {
      const { saved, toast } = await save(selected);
      setSelected(toEditor(saved));
      notify({ color: 'green', message: toast });
    } catch {
      // The API client has shown the server's message; the edits stay on screen.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2}>Storefront Collections</Title>
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Account site"
            data-testid="collection-site"
            data={(sites.data ?? []).map((s) => ({ value: String(s.id), label: s.url }))}
            value={siteId === null ? null : String(siteId)}
            onChange={changeSite}
            allowDeselect={false}
            w={260}
          />
          <Select
            label="Collection"
            data-testid="collection-picker"
            placeholder="Search collections"
            searchable
            nothingFoundMessage="No collection found"
            data={options}
            value={selected ? String(selected.id) : null}
            onChange={pick}
            allowDeselect={false}
            disabled={!siteId}
            w={280}
          />
          <TextInput
            label="Name"
            data-testid="collection-name"
            value={selected?.name ?? ''}
            maxLength={COLLECTION_NAME_MAX}
            disabled={!selected || !canEditName(selected)}
            title={
              selected && !canEditName(selected)
                ? "The default collection's name cannot be edited."
                : undefined
            }
            onChange={(event) => {
              const name = event.currentTarget.value;
              setSelected((current) => (current ? { ...current, name } : current));
            }}
            w={260}
          />
          <ReasonButton
            variant="default"
            disabledReason={whyNot(
              [!siteId, 'Choose a site first'],
              [!base.data, 'The collection fields are still loading'],
            )}
            onClick={() =>
              base.data &&
              siteId &&
              setSelected(newCollection(siteId, 'New Collection', emptyCollectionJson(base.data)))
            }
          >
            New
          </ReasonButton>
          <ReasonButton
            variant="default"
            disabledReason={whyNot([!selected, 'Choose a collection first'])}
            onClick={() => selected && setSelected(duplicateCollection(selected))}
          >
            Duplicate
          </ReasonButton>
          <ReasonButton
            onClick={onSave}
            loading={saving}
            disabledReason={whyNot(
              [!selected, 'Choose a collection first'],
              [!selected?.name.trim(), 'Give the collection a name first'],
            )}
          >
            Save
          </ReasonButton>
        </Group>
      </Paper>
      {!site || !base.data || !selected ? (
        sites.data && sites.data.length === 0 ? (
          <Text c="dimmed">This account has no storefront site.</Text>
        ) : (
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">Loading...</Text>
          </Group>
        )
      ) : (
        <Editor
          key={`${site.id}-${selected.id}`}
          accountId={accountId}
          site={site}
          base={base.data}
          collection={selected}
          onJson={changeJson}
        />
      )}
    </Stack>
  );
}

function Editor({
  accountId,
  site,
  base,
  collection,
  onJson,
}: {
  accountId: number;
  site: AccountSite;
  base: BaseProductQuery;
  collection: EditorCollection;
  onJson(change: (json: CollectionJson) => CollectionJson): void;
}) {
  const collectionId = isTemporaryId(collection.id) ? null : collection.id;
  const searchClient = useMemo(
    () =>
      createSearchClient({
        accountId,
        siteId: site.siteId,
        channelId: site.channelId,
        collectionId,
        captureCollection: false,
      }),
    [accountId, site.siteId, site.channelId, collectionId],
  );
  // The search state the collection was saved with; from then on InstantSearch owns it and reports changes.
  const [initialUiState] = useState(() => collection.json.instantsearch.uiState);
  // A result opened for its attributes (the attributes panel's site variant), kept in the URL.
  const drawer = useUrlOverlay('productId');
  const json = collection.json;
  return (
    <InstantSearch
      searchClient={searchClient as never}
      indexName={base.indexName}
      initialUiState={initialUiState}
      onStateChange={({ uiState, setUiState }) => {
        setUiState(uiState);
        const state = uiState[base.indexName] ?? {};
        onJson((current) =>
          setSortAndHits(
            withUiState(current, uiState as CollectionJson['instantsearch']['uiState']),
            state.sortBy ?? base.indexName,
            state.hitsPerPage ?? current.instantsearch.configuration.hitsPerPage,
          ),
        );
      }}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm">
            <FacetPanel
              json={json}
              onMove={(from, to) => onJson((j) => moveFacet(j, from, to))}
              onActivate={(attribute) => onJson((j) => activateFacet(j, attribute))}
              onDeactivate={(attribute) => onJson((j) => deactivateFacet(j, attribute))}
              onToggle={(attribute, key) => onJson((j) => toggleFacet(j, attribute, key))}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="sm">
            <ResultsPanel base={base} onOpenProduct={(id) => drawer.open(String(id))} />
          </Paper>
        </Grid.Col>
      </Grid>
      <ProductAttributesDrawer
        site={site}
        siteName={site.url}
        productId={Number(drawer.value) || null}
        onOpenProduct={(id) => drawer.open(String(id))}
        onClose={drawer.close}
      />
    </InstantSearch>
  );
}
