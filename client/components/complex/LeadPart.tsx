/**
 * The complex page's phone and request buttons (lead/LeadActions.tsx) as a lazy part (client/routes/complex.tsx
 * LEAD): its root carries `data-part`, so that a request button pressed before the chunk has arrived opens
 * the request dialog once it has (client/lazy-press.ts), as it does after.
 */
import type { ComponentProps } from "react";
import { LeadActions } from "../lead/LeadActions";

export type LeadPartProps = ComponentProps<typeof LeadActions>;

export default function LeadPart(props: LeadPartProps) {
  return (
    <div data-part="lead-actions">
      <LeadActions {...props} />
    </div>
  );
}
