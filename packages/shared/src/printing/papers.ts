// Papers, label paper codes and label kinds (orders-warehouse.md §3 "Printer, paper, label mapping", §5 Printers,
// §7 Printing; catalogue-admin.md §5 Labels; returns.md §9 printer paper).
import { z } from 'zod';

/** What a paper is for. A label kind only accepts printers loaded with paper of its type. */
export const PAPER_TYPE = {
  /** Not numbered by the spec; letter paper is the only document paper, and it is inactive. */
  document: 1,
  receipt: 5,
  /** Division (bin, shelf ...) and PGU labels. */
  warehouseLabel: 10,
  shippingLabel: 20,
  /** Product barcode, retail and mini package labels. */
  productLabel: 25,
} as const;

export type PaperTypeId = (typeof PAPER_TYPE)[keyof typeof PAPER_TYPE];

/** The paper's `type`: the format a printer loaded with it is sent. */
export const PRINT_FORMATS = ['ZPL', 'PDF'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

/** "Default label printing is ZPL format, 203 DPI, print rate 14." */
export const DEFAULT_PRINT_FORMAT: PrintFormat = 'ZPL';
export const DEFAULT_PRINT_DPI = 203;
export const DEFAULT_PRINT_RATE = 14;

/** The spec's Paper fields. Sizes are inches; a paperLength of 0 means continuous (receipt rolls). */
export const paperSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  type: z.enum(PRINT_FORMATS),
  paperWidth: z.number().positive(),
  paperLength: z.number().min(0),
  paperTypeId: z.number().int().positive(),
  printDPI: z.number().int().positive(),
  printRate: z.number().int().min(1).max(14),
});

export type Paper = z.infer<typeof paperSchema>;

/** Paper ids the spec numbers, plus the ones we chose for papers it only names (each explained below). */
export const PAPER_ID = {
  letter: 2,
  pguLabel: 12,
  /** Ours: division papers take the ids after the PGU paper, which shares their paper type. */
  miniDivisionLabel: 13,
  thinDivisionLabel: 14,
  rackDivisionLabel: 15,
  miniThinDivisionLabel: 16,
  /** Ours: the return barcode label of returns.md §9 (2.25" x 1"), next to the warehouse-label papers. */
  returnBarcodeLabel: 17,
  /** Ours: 20 mirrors the shipping paper type id. */
  shipLabel: 20,
  productBarcodeLabel: 32,
  miniPackageLabel: 37,
  /** Ours: 50 keeps receipts away from the label ids. */
  receipt: 50,
  retailProductLabel: 64,
} as const;

export type PaperId = (typeof PAPER_ID)[keyof typeof PAPER_ID];

const zpl = (
  id: PaperId,
  name: string,
  paperWidth: number,
  paperLength: number,
  paperTypeId: PaperTypeId,
): Paper => ({
  id,
  name,
  type: DEFAULT_PRINT_FORMAT,
  paperWidth,
  paperLength,
  paperTypeId,
  printDPI: DEFAULT_PRINT_DPI,
  printRate: DEFAULT_PRINT_RATE,
});

/** Every paper a printer can be loaded with, ordered by id. */
export const PAPERS: readonly Paper[] = [
  {
    id: PAPER_ID.letter,
    name: 'Letter Paper [8.5" x 11"]',
    type: 'PDF',
    paperWidth: 8.5,
    paperLength: 11,
    paperTypeId: PAPER_TYPE.document,
    // Office printers: 300 dpi is the common floor; printRate has no meaning for them but the field is required.
    printDPI: 300,
    printRate: DEFAULT_PRINT_RATE,
  },
  // PGU and large division labels share the 4" x 2.5" stock, so one roll serves both.
  zpl(PAPER_ID.pguLabel, 'PGU Label [4" x 2.5"]', 4, 2.5, PAPER_TYPE.warehouseLabel),
  // 2.25" x 1.25" is the most common small Zebra direct-thermal stock.
  zpl(
    PAPER_ID.miniDivisionLabel,
    'Mini Division Label [2.25" x 1.25"]',
    2.25,
    1.25,
    PAPER_TYPE.warehouseLabel,
  ),
  // Shelf-edge strip: full 4" width for a wide barcode, 1" tall to fit a shelf lip.
  zpl(PAPER_ID.thinDivisionLabel, 'Thin Division Label [4" x 1"]', 4, 1, PAPER_TYPE.warehouseLabel),
  // Rack uprights are read from the aisle, so the rack label uses the tall 4" x 6" stock.
  zpl(PAPER_ID.rackDivisionLabel, 'Rack Division Label [4" x 6"]', 4, 6, PAPER_TYPE.warehouseLabel),
  // Small shelf-edge strip for narrow bins; still tall enough for a scannable Code 128.
  zpl(
    PAPER_ID.miniThinDivisionLabel,
    'Mini Thin Division Label [2.25" x 0.75"]',
    2.25,
    0.75,
    PAPER_TYPE.warehouseLabel,
  ),
  // returns.md §9 "return-barcode label 2.25x1 in": the /IBR-{id}/ label stuck on a return's box.
  zpl(PAPER_ID.returnBarcodeLabel, 'Return Barcode Label [2.25" x 1"]', 2.25, 1, PAPER_TYPE.warehouseLabel),
  zpl(PAPER_ID.shipLabel, 'Shipping Label [4" x 6"]', 4, 6, PAPER_TYPE.shippingLabel),
  zpl(PAPER_ID.productBarcodeLabel, 'Product Barcode [3" x 1"]', 3, 1, PAPER_TYPE.productLabel),
  // The spec names paper 37 only as the mini package label; it uses the same small stock as mini divisions.
  zpl(PAPER_ID.miniPackageLabel, 'Mini Package Label [2.25" x 1.25"]', 2.25, 1.25, PAPER_TYPE.productLabel),
  {
    id: PAPER_ID.receipt,
    name: 'Receipt Roll [3.125"]',
    type: 'PDF',
    paperWidth: 3.125,
    paperLength: 0,
    paperTypeId: PAPER_TYPE.receipt,
    printDPI: DEFAULT_PRINT_DPI,
    printRate: DEFAULT_PRINT_RATE,
  },
  zpl(PAPER_ID.retailProductLabel, 'Retail Product Label [2.25" x 1"]', 2.25, 1, PAPER_TYPE.productLabel),
];

const PAPERS_BY_ID = new Map<number, Paper>(PAPERS.map((paper) => [paper.id, paper]));

/** The catalogue paper with this id, or null. */
export function paperById(id: number | null | undefined): Paper | null {
  return id == null ? null : (PAPERS_BY_ID.get(id) ?? null);
}

/** Label paper codes (the layouts a label can be printed in) and the paper each one prints on. */
export const LABEL_PAPER_CODES = {
  miniDivisionLabel: PAPER_ID.miniDivisionLabel,
  largeDivisionLabel: PAPER_ID.pguLabel,
  thinDivisionLabel: PAPER_ID.thinDivisionLabel,
  rackDivisionLabel: PAPER_ID.rackDivisionLabel,
  miniThinDivisionLabel: PAPER_ID.miniThinDivisionLabel,
  standardUPCLabel: PAPER_ID.productBarcodeLabel,
  shipLabel: PAPER_ID.shipLabel,
} as const;

export type LabelPaperCode = keyof typeof LABEL_PAPER_CODES;

/** The division class of label paper codes: what `barcodeType` of POST print/divisionLabel may be. */
export const DIVISION_LABEL_TYPES = [
  'miniDivisionLabel',
  'largeDivisionLabel',
  'thinDivisionLabel',
  'rackDivisionLabel',
  'miniThinDivisionLabel',
] as const satisfies readonly LabelPaperCode[];

export type DivisionLabelType = (typeof DIVISION_LABEL_TYPES)[number];
export const divisionLabelTypeSchema = z.enum(DIVISION_LABEL_TYPES);

export interface LabelKind {
  key: LabelKindKey;
  name: string;
  paperTypeId: PaperTypeId;
  /** Papers allowed for the kind; null allows every paper of the kind's paper type. */
  paperIds: readonly number[] | null;
  /** Inactive kinds are not offered in the Labels tab. */
  isActive: boolean;
}

export const LABEL_KIND_KEYS = [
  'productBarcodeLabel',
  'retailBarcodeLabel',
  'pguLabel',
  'divisionLabel',
  'shippingLabel',
  'letterPaper',
  'receipts',
  'inboundReturnLabel',
] as const;

export type LabelKindKey = (typeof LABEL_KIND_KEYS)[number];

/** The label kinds of the Labels tab; names are the spec's where it gives one. */
export const LABEL_KINDS: Readonly<Record<LabelKindKey, LabelKind>> = {
  productBarcodeLabel: {
    key: 'productBarcodeLabel',
    name: 'Product Barcode [3" x 1"]',
    paperTypeId: PAPER_TYPE.productLabel,
    paperIds: [PAPER_ID.productBarcodeLabel],
    isActive: true,
  },
  retailBarcodeLabel: {
    key: 'retailBarcodeLabel',
    name: 'Retail Product Label [2.25" x 1"]',
    paperTypeId: PAPER_TYPE.productLabel,
    paperIds: [PAPER_ID.retailProductLabel],
    isActive: true,
  },
  pguLabel: {
    key: 'pguLabel',
    name: 'PGU Label [4" x 2.5"]',
    paperTypeId: PAPER_TYPE.warehouseLabel,
    paperIds: [PAPER_ID.pguLabel],
    isActive: true,
  },
  // Every division layout prints on its own paper, so any warehouse-label paper will do.
  divisionLabel: {
    key: 'divisionLabel',
    name: 'Division Label',
    paperTypeId: PAPER_TYPE.warehouseLabel,
    paperIds: null,
    isActive: true,
  },
  shippingLabel: {
    key: 'shippingLabel',
    name: 'Shipping Label [4" x 6"]',
    paperTypeId: PAPER_TYPE.shippingLabel,
    paperIds: null,
    isActive: true,
  },
  letterPaper: {
    key: 'letterPaper',
    name: 'Letter Paper',
    paperTypeId: PAPER_TYPE.document,
    paperIds: [PAPER_ID.letter],
    isActive: false,
  },
  receipts: {
    key: 'receipts',
    name: 'Receipts',
    paperTypeId: PAPER_TYPE.receipt,
    paperIds: null,
    isActive: true,
  },
  // returns.md §2 "a 2.25x1 inch return-barcode label printer" (the inbound return label printer of §3).
  inboundReturnLabel: {
    key: 'inboundReturnLabel',
    name: 'Inbound Return Label [2.25" x 1"]',
    paperTypeId: PAPER_TYPE.warehouseLabel,
    paperIds: [PAPER_ID.returnBarcodeLabel],
    isActive: true,
  },
};

/**
 * returns.md §3 Printer mappings: the three printers the manage-inbound-return screen needs (PGU label = the
 * 4" x 2.5" received-item label printer, product barcode 3" x 1", inbound return label 2.25" x 1").
 */
export const RETURN_LABEL_KINDS = [
  'pguLabel',
  'productBarcodeLabel',
  'inboundReturnLabel',
] as const satisfies readonly LabelKindKey[];

/** Paper fields the printer rule looks at. */
export type PaperMatch = Pick<Paper, 'id' | 'paperTypeId'>;

/**
 * "Each label kind offers only printers whose paper matches the kind's paper type and allowed paper ids."
 * A printer without a paper matches nothing. Whether the kind is active is the caller's concern.
 */
export function isPrinterAllowedForLabelKind(
  kind: LabelKind | LabelKindKey,
  paper: PaperMatch | null | undefined,
): boolean {
  if (!paper) return false;
  const labelKind = typeof kind === 'string' ? LABEL_KINDS[kind] : kind;
  if (paper.paperTypeId !== labelKind.paperTypeId) return false;
  return labelKind.paperIds === null || labelKind.paperIds.includes(paper.id);
}

export interface PrinterOption<P> {
  printer: P;
  /** "Other printers are shown as disabled." */
  disabled: boolean;
}

/**
 * Every printer, in the given order, marked disabled when its paper does not suit the kind.
 * `paperOf` finds a printer's paper (by default from the catalogue by `paperId`).
 */
export function printersForLabelKind<P extends { paperId: number | null }>(
  kind: LabelKind | LabelKindKey,
  printers: readonly P[],
  paperOf: (printer: P) => PaperMatch | null | undefined = (printer) => paperById(printer.paperId),
): PrinterOption<P>[] {
  return printers.map((printer) => ({
    printer,
    disabled: !isPrinterAllowedForLabelKind(kind, paperOf(printer)),
  }));
}

/**
 * The paper a new printer is offered first for what it will print (issue 18 §3): the kind's own paper where
 * it allows one, 4" x 6" for shipping labels, the common 2.25" x 1.25" stock for bin and shelf labels.
 */
export const DEFAULT_PAPER_FOR_LABEL_KIND: Readonly<Record<LabelKindKey, PaperId>> = {
  productBarcodeLabel: PAPER_ID.productBarcodeLabel,
  retailBarcodeLabel: PAPER_ID.retailProductLabel,
  pguLabel: PAPER_ID.pguLabel,
  divisionLabel: PAPER_ID.miniDivisionLabel,
  shippingLabel: PAPER_ID.shipLabel,
  letterPaper: PAPER_ID.letter,
  receipts: PAPER_ID.receipt,
  inboundReturnLabel: PAPER_ID.returnBarcodeLabel,
};

/** What a printer with no paper yet is first taken to print: bin and shelf labels, the most common job. */
export const DEFAULT_NEW_PRINTER_LABEL_KIND: LabelKindKey = 'divisionLabel';

/** The papers a printer for this label kind can be loaded with, its default first. */
export function papersForLabelKind(kind: LabelKindKey): Paper[] {
  const first = DEFAULT_PAPER_FOR_LABEL_KIND[kind];
  return PAPERS.filter((paper) => isPrinterAllowedForLabelKind(kind, paper)).sort(
    (a, b) => Number(b.id === first) - Number(a.id === first),
  );
}
