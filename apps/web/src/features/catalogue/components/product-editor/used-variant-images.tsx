import { Button, FileButton, Group, Image, Paper, Radio, Text, Title } from '@mantine/core';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { moveBefore, useDragReorder } from '../../../../lib/drag-reorder';
import { uploadImage } from '../../api';
import { type DraftImage, withAddedImages, withPrimaryImage } from './used-variant-draft';

/** The variant's images: upload, drag to reorder, choose the primary one (a used product needs one). */
export function VariantImages({
  images,
  setImages,
  used,
}: {
  images: DraftImage[];
  setImages: Dispatch<SetStateAction<DraftImage[]>>;
  used: boolean;
}) {
  const [uploading, setUploading] = useState(false);
  const upload = async (files: File[]) => {
    setUploading(true);
    try {
      const added: DraftImage[] = [];
      for (const file of files) {
        const { imageId, url } = await uploadImage(file);
        added.push({ imageId, url, isPrimaryImage: 0 });
      }
      setImages((current) => withAddedImages(current, added));
    } finally {
      setUploading(false);
    }
  };
  const dragProps = useDragReorder<number>((imageId, targetId) =>
    setImages((current) => moveBefore(current, (image) => image.imageId, imageId, targetId)),
  );

  return (
    <>
      <Title order={6}>Images</Title>
      <Group gap="sm">
        <FileButton onChange={upload} accept="image/*" multiple>
          {(props) => (
            <Button size="xs" variant="light" loading={uploading} {...props}>
              Upload Images
            </Button>
          )}
        </FileButton>
        {used && !images.some((image) => image.isPrimaryImage) && (
          <Text size="xs" c="red">
            A used product needs a primary image.
          </Text>
        )}
      </Group>
      <Group gap="sm">
        {images.map((image) => (
          <Paper
            key={image.imageId}
            withBorder
            p={4}
            w={120}
            {...dragProps(image.imageId)}
            data-testid="variant-image"
          >
            <Image src={image.url} h={80} fit="contain" alt={`Image ${image.imageId}`} />
            <Radio
              size="xs"
              mt={4}
              label="Primary"
              checked={image.isPrimaryImage === 1}
              onChange={() => setImages((current) => withPrimaryImage(current, image.imageId))}
            />
          </Paper>
        ))}
      </Group>
    </>
  );
}
