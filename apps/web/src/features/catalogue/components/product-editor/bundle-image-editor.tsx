import { BUNDLE_CANVAS_SIZE, BUNDLE_DEFAULT_ZOOM_PERCENT, type BundleItem } from '@backroom/shared';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  Slider,
  Stack,
  Text,
} from '@mantine/core';

import { type Dispatch, type DragEvent, type SetStateAction, useRef, useState } from 'react';

import { Modal } from '../../../../components/modal';

import { notify } from '../../../../lib/notify';

import { uploadImage, useSaveProductImages } from '../../api';

import { composeBundleImage, type Placed } from './bundle-image-compose';

const SOURCE_MIME = 'application/x-backroom-image';

/**
 * The bundle image editor (§2.11): drag source images (the components' pictures, uploads, or files dropped
 * from the desktop) onto a 2250 x 2250 canvas shown at a zoom (33 % to start), move and size them, and save
 * the composition as a new image of the bundle.
 */
export function BundleImageEditor({
  productId,
  items,
  imageCount,
  opened,
  onClose,
}: {
  productId: number;
  items: BundleItem[];
  imageCount: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [sources, setSources] = useState<string[]>(() =>
    items.flatMap((item) => (item.imageUrl ? [item.imageUrl] : [])),
  );
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [zoom, setZoom] = useState(BUNDLE_DEFAULT_ZOOM_PERCENT);
  const [saving, setSaving] = useState(false);
  const nextKey = useRef(1);
  const saveImages = useSaveProductImages(productId);

  const addFiles = async (files: File[]) => {
    const urls: string[] = [];
    for (const file of files.filter((f) => f.type.startsWith('image/')))
      urls.push((await uploadImage(file)).url);
    setSources((current) => [...current, ...urls]);
  };

  const place = (url: string, point: Point) => {
    const size = BUNDLE_CANVAS_SIZE / 3;
    const key = nextKey.current++;
    setPlaced((all) => [...all, { key, url, x: point.x - size / 2, y: point.y - size / 2, size }]);
    setSelected(key);
  };

  const save = async () => {
    setSaving(true);
    try {
      const blob = await composeBundleImage(placed);
      const { imageId } = await uploadImage(new File([blob], 'bundle.jpg', { type: 'image/jpeg' }));
      await saveImages.mutateAsync([
        { productId, imageId, sortOrder: imageCount, isPrimaryImage: imageCount === 0 ? 1 : 0, isActive: 1 },
      ]);
      notify({ color: 'green', message: 'Bundle image saved' });
      setPlaced([]);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Bundle Image" size="100%">
      <Group align="flex-start" wrap="nowrap" gap="md" data-testid="bundle-image-editor">
        <BundleSidebar
          sources={sources}
          addFiles={addFiles}
          zoom={zoom}
          setZoom={setZoom}
          current={placed.find((p) => p.key === selected)}
          setPlaced={setPlaced}
          save={save}
          saving={saving}
          canSave={placed.length > 0}
        />
        <div style={{ overflow: 'auto', maxHeight: '75vh', flex: 1 }}>
          <BundleCanvas
            placed={placed}
            setPlaced={setPlaced}
            selected={selected}
            setSelected={setSelected}
            zoom={zoom}
            place={place}
            addSource={(url) => setSources((current) => [...current, url])}
          />
          <ZoomBar zoom={zoom} setZoom={setZoom} />
        </div>
      </Group>
    </Modal>
  );
}

interface Point {
  x: number;
  y: number;
}

type SetPlaced = Dispatch<SetStateAction<Placed[]>>;

/** The left column: upload and drop files, the source pictures, the zoom, the selected picture, save. */
function BundleSidebar({
  sources,
  addFiles,
  zoom,
  setZoom,
  current,
  setPlaced,
  save,
  saving,
  canSave,
}: {
  sources: string[];
  addFiles: (files: File[]) => Promise<void>;
  zoom: number;
  setZoom: (zoom: number) => void;
  current: Placed | undefined;
  setPlaced: SetPlaced;
  save: () => Promise<void>;
  saving: boolean;
  canSave: boolean;
}) {
  return (
    <Stack w={220} gap="xs">
      <FileButton onChange={addFiles} accept="image/*" multiple>
        {(props) => (
          <Button size="xs" variant="light" {...props}>
            Upload Images
          </Button>
        )}
      </FileButton>
      <SourcePictures sources={sources} addFiles={addFiles} />
      <NumberInput
        label="Zoom %"
        min={10}
        max={100}
        value={zoom}
        onChange={(value) =>
          setZoom(Math.max(10, Math.min(100, Number(value) || BUNDLE_DEFAULT_ZOOM_PERCENT)))
        }
      />
      {current && (
        <>
          <Text size="xs">Size of the selected picture</Text>
          <Slider
            min={100}
            max={BUNDLE_CANVAS_SIZE}
            value={current.size}
            onChange={(size) =>
              setPlaced((all) => all.map((p) => (p.key === current.key ? { ...p, size } : p)))
            }
          />
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => setPlaced((all) => all.filter((p) => p.key !== current.key))}
          >
            Remove picture
          </Button>
        </>
      )}
      <Button onClick={save} loading={saving} disabled={!canSave}>
        Save Bundle Image
      </Button>
    </Stack>
  );
}

/** The drop zone of source pictures, each draggable onto the canvas. */
function SourcePictures({
  sources,
  addFiles,
}: {
  sources: string[];
  addFiles: (files: File[]) => Promise<void>;
}) {
  return (
    <Paper
      withBorder
      p={6}
      mih={120}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        void addFiles([...event.dataTransfer.files]);
      }}
    >
      <Text size="xs" c="dimmed" mb={4}>
        Drop files here; drag a picture onto the canvas.
      </Text>
      <Group gap={6}>
        {sources.map((url) => (
          <Image
            key={url}
            src={url}
            w={64}
            h={64}
            fit="contain"
            draggable
            alt="Source image"
            data-testid="bundle-source"
            onDragStart={(event) => event.dataTransfer.setData(SOURCE_MIME, url)}
            style={{ cursor: 'grab', border: '1px solid var(--mantine-color-gray-3)' }}
          />
        ))}
      </Group>
    </Paper>
  );
}

/** The canvas at the zoom: a drop target for source pictures and files, and the placed pictures to move. */
function BundleCanvas({
  placed,
  setPlaced,
  selected,
  setSelected,
  zoom,
  place,
  addSource,
}: {
  placed: Placed[];
  setPlaced: SetPlaced;
  selected: number | null;
  setSelected: (key: number) => void;
  zoom: number;
  place: (url: string, point: Point) => void;
  addSource: (url: string) => void;
}) {
  const moving = useRef<number | null>(null);
  const scale = zoom / 100;
  const shown = BUNDLE_CANVAS_SIZE * scale;

  const onCanvasDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const point = { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale };
    if (moving.current !== null) {
      const key = moving.current;
      moving.current = null;
      setPlaced((all) =>
        all.map((p) => (p.key === key ? { ...p, x: point.x - p.size / 2, y: point.y - p.size / 2 } : p)),
      );
      return;
    }
    let url = event.dataTransfer.getData(SOURCE_MIME);
    if (!url && event.dataTransfer.files.length) {
      url = (await uploadImage(event.dataTransfer.files[0]!)).url;
      addSource(url);
    }
    if (url) place(url, point);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the canvas is a drop target for dragged pictures
    <div
      data-testid="bundle-canvas"
      title={`Canvas ${BUNDLE_CANVAS_SIZE} x ${BUNDLE_CANVAS_SIZE} at ${zoom}%`}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onCanvasDrop}
      style={{
        position: 'relative',
        width: shown,
        height: shown,
        background: '#fff',
        outline: '1px solid var(--mantine-color-gray-4)',
      }}
    >
      {placed.map((item) => (
        <button
          key={item.key}
          type="button"
          draggable
          aria-label="Placed picture"
          onDragStart={() => {
            moving.current = item.key;
            setSelected(item.key);
          }}
          onClick={() => setSelected(item.key)}
          style={{
            position: 'absolute',
            left: item.x * scale,
            top: item.y * scale,
            width: item.size * scale,
            height: item.size * scale,
            padding: 0,
            border: 'none',
            background: 'transparent',
            outline: item.key === selected ? '2px solid var(--mantine-color-blue-5)' : undefined,
            cursor: 'move',
          }}
        >
          <img
            src={item.url}
            alt=""
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            draggable={false}
          />
        </button>
      ))}
    </div>
  );
}

/** The zoom buttons under the canvas, 10 % a step between 10 % and 100 %. */
function ZoomBar({ zoom, setZoom }: { zoom: number; setZoom: Dispatch<SetStateAction<number>> }) {
  return (
    <Group gap={4} mt={4}>
      <ActionIcon
        variant="default"
        aria-label="Zoom out"
        onClick={() => setZoom((z) => Math.max(10, z - 10))}
      >
        −
      </ActionIcon>
      <Text size="sm" data-testid="bundle-zoom">
        {zoom}%
      </Text>
      <ActionIcon
        variant="default"
        aria-label="Zoom in"
        onClick={() => setZoom((z) => Math.min(100, z + 10))}
      >
        +
      </ActionIcon>
    </Group>
  );
}
