export interface XlsxColumn {
  header: string;
  width?: number;
  /** An Excel number format, e.g. '0.00'. */
  numFmt?: string;
}

/**
 * Writes a one-sheet .xlsx and hands it to the browser as a download. exceljs is large, so it is loaded
 * only here, when someone exports.
 */
export async function downloadXlsx(
  fileName: string,
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: readonly (readonly (string | number)[])[],
): Promise<void> {
  const loaded = await import('exceljs');
  // The browser build is CommonJS: Vite hands it over as the default export.
  const ExcelJS = (loaded as unknown as { default?: typeof loaded }).default ?? loaded;
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Products', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? 14,
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows.map((row) => [...row]));

  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
