import type { TestApp } from './test-app';

/** POST /api/backroom/cloudinary/upload with one file, as the browser's file input sends it. */
export function uploadFile(t: TestApp, cookie: string, filename: string, content: Buffer, type: string) {
  const boundary = '----backroomtest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url: '/api/backroom/cloudinary/upload',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, content, tail]),
  });
}
