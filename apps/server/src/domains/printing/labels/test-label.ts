import { inchesToDots, type Label } from './label-layout';

/** A receipt roll is continuous (length 0): its test label is this long. */
const CONTINUOUS_TEST_LENGTH_IN = 2;

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/**
 * The test print of a printer (issue 18 §3), drawn by the label engine for the paper it is loaded with: a
 * frame just inside the edges (a frame cut off shows the paper size or position is wrong), the printer's and
 * the paper's names, and a Code 128 barcode to try with the scanner.
 */
export function buildTestLabel(
  paper: { name: string; paperWidth: number; paperLength: number },
  printer: { id: number; commonName: string },
): Label {
  const widthIn = paper.paperWidth;
  const heightIn = paper.paperLength > 0 ? paper.paperLength : CONTINUOUS_TEST_LENGTH_IN;
  const width = inchesToDots(widthIn);
  const height = inchesToDots(heightIn);
  const margin = 8;
  const inner = width - 4 * margin;
  const title = clamp(height * 0.17, 18, 64);
  const small = clamp(height * 0.11, 14, 36);
  const titleY = 2 * margin;
  const paperY = titleY + title + 4;
  const barcodeY = paperY + small + 8;
  const barcodeHeight = Math.max(24, height - barcodeY - 3 * margin);
  return {
    widthIn,
    heightIn,
    elements: [
      {
        kind: 'box',
        x: margin,
        y: margin,
        width: width - 2 * margin,
        height: height - 2 * margin,
        thickness: 3,
      },
      {
        kind: 'text',
        x: 2 * margin,
        y: titleY,
        width: inner,
        text: `Test print: ${printer.commonName}`,
        fontSize: title,
        bold: true,
        align: 'center',
      },
      {
        kind: 'text',
        x: 2 * margin,
        y: paperY,
        width: inner,
        text: paper.name,
        fontSize: small,
        align: 'center',
      },
      {
        kind: 'barcode',
        x: 2 * margin,
        y: barcodeY,
        width: inner,
        value: `TEST-${printer.id}`,
        symbology: 'code128',
        height: barcodeHeight,
        moduleWidth: 2,
      },
    ],
  };
}
