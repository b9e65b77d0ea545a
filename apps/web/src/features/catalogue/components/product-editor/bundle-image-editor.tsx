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

import { type DragEvent, useRef, useState } from 'react';

import { Modal } from '../../../../components/modal';

import { notify } from '../../../../lib/notify';

import { uploadImage, useSaveProductImages } from '../../api';

interface Placed {
  key: number;
  url: string;
  /** Canvas pixels (of the 2250 x 2250 image). */
  x: number;
  y: number;
  size: number;
}

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
  const moving = useRef<number | null>(null);
  const saveImages = useSaveProductImages(productId);
  const scale = zoom / 100;
  const shown = BUNDLE_CANVAS_SIZE * scale;

  const addFiles = async (files: File[]) => {
    const urls: string[] = [];
    for (const file of files.filter((f) => f.type.startsWith('image/')))
      urls.push((await uploadImage(file)).url);
    setSources((current) => [...current, ...urls]);
  };

  const canvasPoint = (event: DragEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale };
  };

  const onCanvasDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const point = canvasPoint(event);
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
      setSources((current) => [...current, url]);
    }
    if (!url) return;
    const size = BUNDLE_CANVAS_SIZE / 3;
    const key = nextKey.current++;
    setPlaced((all) => [...all, { key, url, x: point.x - size / 2, y: point.y - size / 2, size }]);
    setSelected(key);
  };

  const save = async () => {
    setSaving(true);
    try {
      const canvas = document.createElement('canvas');
      canvas.width = BUNDLE_CANVAS_SIZE;
      canvas.height = BUNDLE_CANVAS_SIZE;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, BUNDLE_CANVAS_SIZE, BUNDLE_CANVAS_SIZE);
      for (const item of placed) {
        const image = await loadImage(item.url);
        // Fit the picture into its square, keeping its proportions.
        const ratio = Math.min(item.size / image.width, item.size / image.height);
        const w = image.width * ratio;
        const h = image.height * ratio;
        context.drawImage(image, item.x + (item.size - w) / 2, item.y + (item.size - h) / 2, w, h);
      }
      const blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (b) => (b ? resolve(b) : reject(new Error('The image could not be made'))),
          'image/jpeg',
          0.92,
        ),
      );
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

  const current = placed.find((p) => p.key === selected);
  return (
    <Modal opened={opened} onClose={onClose} title="Bundle Image" size="100%">
      <Group align="flex-start" wrap="nowrap" gap="md" data-testid="bundle-image-editor">
        <Stack w={220} gap="xs">
          <FileButton onChange={addFiles} accept="image/*" multiple>
            {(props) => (
              <Button size="xs" variant="light" {...props}>
                Upload Images
              </Button>
            )}
          </FileButton>
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
          <Button onClick={save} loading={saving} disabled={placed.length === 0}>
            Save Bundle Image
          </Button>
        </Stack>
        <div style={{ overflow: 'auto', maxHeight: '75vh', flex: 1 }}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the canvas is a drop target for dragged pictures */}
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
        </div>
      </Group>
    </Modal>
  );
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new window.Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${url}`));
    image.src = url;
  });
}
