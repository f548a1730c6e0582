/**
 * «от N ₽/мес» under a price (shared/mortgage.ts: the market programme, 20 % down, 30 years): a link to the
 * calculator with the same numbers, and a «?» that shows the assumptions in a native popover (works on touch,
 * no script).
 */
import { useId } from "react";
import {
  cardPayment,
  cardPaymentNote,
  cardPaymentState,
  formatPaymentFrom,
  mortgageQuery,
} from "../../../shared/mortgage-payment";
import { AppLink } from "../AppLink";
import "./payment-from.css";

export function PaymentFrom({ price }: { price: number }) {
  const tip = `pay-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <span className="pay-from">
      <AppLink className="pay-from__link" to={`/mortgage/?${mortgageQuery(cardPaymentState(price))}`}>
        {formatPaymentFrom(cardPayment(price))}
      </AppLink>
      <button
        type="button"
        className="pay-from__info"
        popoverTarget={tip}
        aria-label="Как посчитан платёж"
        title={cardPaymentNote()}
      >
        ?
      </button>
      <span id={tip} popover="auto" className="pay-from__tip">
        {cardPaymentNote()}
      </span>
    </span>
  );
}
