/** "Image URLs are forced to https and tiff becomes jpg" (orders-warehouse.md §Shared widgets). Relative URLs stay as they are. */
export function normalizeImageUrl(url: string): string {
  const trimmed = url.trim();
  const https = trimmed.replace(/^http:\/\//i, 'https://');
  return https.replace(/\.tiff?(?=($|[?#]))/i, '.jpg');
}
