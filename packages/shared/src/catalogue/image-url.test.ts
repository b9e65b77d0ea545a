import { describe, expect, it } from 'vitest';
import { normalizeImageUrl } from './image-url';

describe('normalizeImageUrl', () => {
  it.each([
    ['http://img.example.com/a.png', 'https://img.example.com/a.png'],
    ['https://img.example.com/a.tiff', 'https://img.example.com/a.jpg'],
    ['HTTP://img.example.com/a.TIF?w=200', 'https://img.example.com/a.jpg?w=200'],
    ['/api/files/acc1/x.jpg', '/api/files/acc1/x.jpg'],
    ['https://img.example.com/tiffany.png', 'https://img.example.com/tiffany.png'],
  ])('%s -> %s', (url, expected) => {
    expect(normalizeImageUrl(url)).toBe(expected);
  });
});
