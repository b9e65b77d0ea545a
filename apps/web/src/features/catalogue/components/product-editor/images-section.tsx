import type { ProductImage } from '@backroom/shared';
import { Badge, Button, FileButton, Group, Image, Paper, Radio, Stack, Switch, Text } from '@mantine/core';

import { useState } from 'react';

import { moveBefore, useDragReorder } from '../../../../lib/drag-reorder';

import { type ProductImagePatch, uploadImage, useSaveProductImages } from '../../api';

/**
 * Images (§2.3): drag a card onto another to reorder, choose the primary image, switch images on and off,
 * upload new ones. Every change is saved at once (PATCH product/image).
 */
export function ImagesSection({
  productId,
  images,
  onSaved,
}: {
  productId: number;
  images: ProductImage[];
  /** Told after each saved change, in words fit for a toast (the universal product view shows them). */
  onSaved?: (message: string) => void;
}) {
  const mutation = useSaveProductImages(productId);
  const save = {
    isPending: mutation.isPending,
    mutate: (patches: ProductImagePatch[], message: string) =>
      mutation.mutate(patches, { onSuccess: () => onSaved?.(message) }),
    mutateAsync: mutation.mutateAsync,
  };
  const [uploading, setUploading] = useState(false);
  const ordered = [...images].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);

  // A drop re-numbers every image whose place changed.
  const dragProps = useDragReorder<number>((id, targetId) =>
    save.mutate(
      moveBefore(ordered, (image) => image.id, id, targetId).flatMap((image, sortOrder) =>
        image.sortOrder === sortOrder ? [] : [{ id: image.id, productId, imageId: image.imageId, sortOrder }],
      ),
      'Image order saved',
    ),
  );

  const upload = async (files: File[]) => {
    setUploading(true);
    try {
      for (const [index, file] of files.entries()) {
        const { imageId } = await uploadImage(file);
        // The first image of a product without images becomes its primary one.
        const isPrimaryImage = ordered.length === 0 && index === 0 ? 1 : 0;
        await save.mutateAsync([{ productId, imageId, sortOrder: ordered.length + index, isPrimaryImage }]);
      }
      if (files.length) onSaved?.(files.length === 1 ? 'Image uploaded' : `${files.length} images uploaded`);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <FileButton onChange={upload} accept="image/*" multiple>
          {(props) => (
            <Button size="xs" variant="light" loading={uploading} {...props}>
              Upload Images
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Drag an image onto another to move it there.
        </Text>
      </Group>
      {ordered.length === 0 ? (
        <Text size="sm" c="dimmed">
          This product has no images yet.
        </Text>
      ) : (
        <Group gap="sm" data-testid="product-images">
          {ordered.map((image) => (
            <ImageCard
              key={image.id}
              image={image}
              dragProps={dragProps(image.id)}
              onPrimary={() => save.mutate(primaryPatches(ordered, image, productId), 'Primary image saved')}
              onActive={(isActive) =>
                save.mutate(
                  [{ id: image.id, productId, imageId: image.imageId, isActive: isActive ? 1 : 0 }],
                  isActive ? 'Image activated' : 'Image deactivated',
                )
              }
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The patches that make `image` the primary one: it becomes 1, the one that was becomes 0. */
function primaryPatches(
  ordered: ProductImage[],
  image: ProductImage,
  productId: number,
): ProductImagePatch[] {
  return ordered.flatMap((other) => {
    const primary = other.id === image.id ? 1 : 0;
    return other.isPrimaryImage === primary
      ? []
      : [{ id: other.id, productId, imageId: other.imageId, isPrimaryImage: primary as 0 | 1 }];
  });
}

/** One image's card: its thumbnail, the Primary choice and the Active switch; dragged by the whole card. */
function ImageCard({
  image,
  dragProps,
  onPrimary,
  onActive,
}: {
  image: ProductImage;
  dragProps: ReturnType<ReturnType<typeof useDragReorder<number>>>;
  onPrimary: () => void;
  onActive: (isActive: boolean) => void;
}) {
  return (
    <Paper
      withBorder
      p={6}
      w={150}
      {...dragProps}
      style={{ cursor: 'grab', opacity: image.isActive ? 1 : 0.5 }}
      data-testid="product-image"
    >
      <Image src={image.thumbnailUrl ?? image.url} h={100} fit="contain" alt={`Image ${image.imageId}`} />
      <Stack gap={4} mt={4}>
        <Radio size="xs" label="Primary" checked={image.isPrimaryImage === 1} onChange={onPrimary} />
        <Switch
          size="xs"
          label="Active"
          checked={image.isActive === 1}
          onChange={(event) => onActive(event.currentTarget.checked)}
        />
        {image.isPrimaryImage === 1 && (
          <Badge size="xs" variant="light">
            Primary
          </Badge>
        )}
      </Stack>
    </Paper>
  );
}
