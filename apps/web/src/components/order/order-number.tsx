import './order.css';

/**
 * An order number: left to right in every language, isolated from the text around it, and never broken between its
 * digits (order.css, `.cv-order-no`): a line breaking it in two could not be read or copied as one number.
 */
export function OrderNumber({ orderNo }: { orderNo: string }) {
  return (
    <bdi dir="ltr" className="cv-order-no">
      {orderNo}
    </bdi>
  );
}

/** A text holding an order number (a drawer's title, "Order 2026…"): the number in it as OrderNumber. */
export function WithOrderNumber({ text, orderNo }: { text: string; orderNo: string }) {
  const at = text.indexOf(orderNo);
  if (at < 0) {
    return text;
  }
  return (
    <>
      {text.slice(0, at)}
      <OrderNumber orderNo={orderNo} />
      {text.slice(at + orderNo.length)}
    </>
  );
}
