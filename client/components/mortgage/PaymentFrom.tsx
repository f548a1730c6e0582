/**
 * «от N ₽/мес» under a price (shared/mortgage-payment.ts cardQuote: the market programme, 20 % down, 30 years): a link to the
 * calculator with the same numbers, and a «?» that shows the assumptions in a native popover (works on touch,
 * no script).
 */
import { useId } from "react";
import { cardQuote, formatPaymentFrom, mortgageQuery, quoteNote } from "../../../shared/mortgage-payment";
import { AppLink } from "../AppLink";
import "./payment-from.css";

export function PaymentFrom({ price }: { price: number }) {
  const tip = `pay-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const q = cardQuote(price);
  return (
    <span className="pay-from">
      <AppLink className="pay-from__link" to={`/mortgage/?${mortgageQuery(q.state)}`}>
        {formatPaymentFrom(q.payment)}
      </AppLink>
      <button type="button" className="pay-from__info" popoverTarget={tip} aria-label="Как посчитан платёж">
        ?
      </button>
      <span id={tip} popover="auto" className="pay-from__tip">
        {quoteNote(q)}
      </span>
    </span>
  );
}
