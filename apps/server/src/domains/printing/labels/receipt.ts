// The point-of-sale receipt (orders-warehouse.md §7 print/receipt): a 3.125" roll, as long as the order needs.
// A gift receipt shows what was bought but no prices. The barcode is the order's own scan code {CO:id}, so
// scanning a receipt at the counter finds the order.
import { type Cents, formatMoney, type OrderDocument } from '@backroom/shared';
import { horizontalLine, type Label, type LabelElement } from './label-layout';

const WIDTH = 634; // 3.125" at 203 dpi
const MARGIN = 16;
const INNER = WIDTH - 2 * MARGIN;
const PRICE_WIDTH = 170;

export interface ReceiptData {
  storeName: string;
  orderId: number;
  orderNumber: string;
  /** Already formatted in the account's offset. */
  orderedAt: string;
  cashier: string;
  /** The order's money as every customer document shows it (shared orderDocument). */
  document: OrderDocument;
  payments: { label: string; amount: Cents }[];
  isGiftReceipt: boolean;
}

export function buildReceipt(data: ReceiptData): Label {
  const elements: LabelElement[] = [];
  let y = 16;
  const text = (
    value: string,
    fontSize: number,
    options: Partial<Extract<LabelElement, { kind: 'text' }>> = {},
  ) => {
    elements.push({ kind: 'text', x: MARGIN, y, width: INNER, text: value, fontSize, ...options });
    y += fontSize + 8;
  };
  const priced = (left: string, cents: Cents, bold = false) => {
    elements.push({ kind: 'text', x: MARGIN, y, width: INNER - PRICE_WIDTH, text: left, fontSize: 24, bold });
    elements.push({
      kind: 'text',
      x: WIDTH - MARGIN - PRICE_WIDTH,
      y,
      width: PRICE_WIDTH,
      text: formatMoney(cents),
      fontSize: 24,
      bold,
      align: 'right',
    });
    y += 32;
  };
  const rule = () => {
    elements.push(horizontalLine(MARGIN, y, INNER));
    y += 12;
  };

  text(data.storeName, 36, { bold: true, align: 'center' });
  text(data.isGiftReceipt ? 'GIFT RECEIPT' : 'RECEIPT', 24, { align: 'center' });
  text(`Order ${data.orderNumber}`, 24);
  text(data.orderedAt, 22);
  text(`Served by ${data.cashier}`, 22);
  rule();
  for (const line of data.document.lines) {
    const what = `${line.quantity} x ${line.description}`;
    if (data.isGiftReceipt) text(what, 24, { maxLines: 2 });
    else priced(what, line.amount);
    if (!data.isGiftReceipt && line.discount) priced('  Discount', -line.discount);
    if (line.sku) text(line.sku, 20);
  }
  rule();
  if (!data.isGiftReceipt) {
    for (const total of data.document.totals) priced(total.label, total.amount, total.label === 'Total');
    rule();
    for (const payment of data.payments) priced(payment.label, payment.amount);
    rule();
  }
  y += 8;
  elements.push({
    kind: 'barcode',
    x: MARGIN,
    y,
    width: INNER,
    value: `{CO:${data.orderId}}`,
    symbology: 'code128',
    height: 80,
    humanReadable: false,
  });
  y += 96;
  text('Thank you!', 24, { align: 'center' });
  return { widthIn: WIDTH / 203, heightIn: Math.ceil(((y + 24) / 203) * 100) / 100, elements };
}
