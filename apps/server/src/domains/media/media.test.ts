import { attachedProductImageSchema, registeredImageSchema, uploadedImageSchema } from '@backroom/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';
import { uploadFile } from '../../test/upload';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'outlet', 'sales');
});
afterAll(() => t.close());

const upload = (who: string, filename: string, content: Buffer, type: string) =>
  uploadFile(t, t.cookieOf(who), filename, content, type);

const call = (who: string, method: string, url: string, payload?: object) => t.as(who, method, url, payload);

describe('image flow: upload, register, attach', () => {
  it('turns a TIFF into a JPEG with a thumbnail, registers it and attaches it to a product as primary', async () => {
    const tiff = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
      .tiff()
      .toBuffer();
    const res = await upload('admin', 'scan.tiff', tiff, 'image/tiff');
    expect(res.statusCode).toBe(200);
    const [uploaded] = dataOf(uploadedImageSchema, res);
    if (!uploaded) throw new Error('The upload answered no image');
    expect(uploaded).toMatchObject({ format: 'jpg', width: 640, height: 480 });
    expect(uploaded.secure_url).toMatch(/^\/api\/files\/acc\d+\/[0-9a-f-]+\.jpg$/);

    const file = await call('admin', 'GET', uploaded.secure_url);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
    const thumb = await call('admin', 'GET', uploaded.thumbnail_url);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(300);

    const [image] = dataOf(
      registeredImageSchema,
      await call('admin', 'PATCH', '/api/backroom/image', {
        cloudinaryUUID: uploaded.public_id,
        cloudinaryJSON: { width: uploaded.width, height: uploaded.height, secure_url: uploaded.secure_url },
        sourceURL: 'http://supplier.example.com/scan.tif',
      }),
    );
    if (!image) throw new Error('The image was not registered');
    expect(image.cloudinaryJSON).toEqual({ width: 640, height: 480, secure_url: uploaded.secure_url });
    expect(image.sourceURL).toBe('https://supplier.example.com/scan.jpg');

    const product = (
      await call('admin', 'POST', '/api/backroom/search/products', { search: '', limit: 1 })
    ).json().data[0];
    const attached = await call('admin', 'PATCH', '/api/backroom/product/image', {
      productId: product.id,
      imageId: image.id,
      isPrimaryImage: 1,
    });
    expect(attached.statusCode).toBe(200);
    const found = (
      await call('admin', 'POST', '/api/backroom/search/products', { search: product.sku })
    ).json().data[0];
    expect(found.images).toEqual([
      expect.objectContaining({
        id: dataOf(attachedProductImageSchema, attached)[0]!.id,
        isPrimaryImage: 1,
        isActive: 1,
      }),
    ]);

    // Another account can neither read the file nor attach the image.
    expect((await call('outlet', 'GET', uploaded.secure_url)).statusCode).toBe(404);
    expect(
      (
        await call('outlet', 'PATCH', '/api/backroom/product/image', {
          productId: product.id,
          imageId: image.id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses what is not an image, and uploads without the catalogue permission', async () => {
    const bad = await upload('admin', 'notes.txt', Buffer.from('hello'), 'text/plain');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('notes.txt is not an image we can read.');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload('sales', 'x.png', png, 'image/png')).statusCode).toBe(403);
    const [kept] = dataOf(uploadedImageSchema, await upload('admin', 'x.png', png, 'image/png'));
    expect(kept?.format).toBe('png');
  });
});
