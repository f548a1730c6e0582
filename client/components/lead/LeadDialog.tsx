/** The request form in a dialog, loaded when a buyer first presses one of the request buttons. */
import { LEAD_KINDS, type LeadTarget } from "../../../shared/leads";
import { Modal } from "../Modal";
import { LeadForm } from "./LeadForm";

export interface LeadDialogProps {
  open: boolean;
  target: LeadTarget;
  /** What the request is about: «ЖК Север», «2-комнатная квартира, 54 м² в ЖК Север». */
  subject: string;
  onClose(): void;
}

export default function LeadDialog({ open, target, subject, onClose }: LeadDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={LEAD_KINDS[target.kind]}>
      <p className="lead-dialog__subject">{subject}</p>
      {/* A new form for each opening: the kind pressed, the draft read again. */}
      {open && <LeadForm key={target.kind} target={target} onClose={onClose} />}
    </Modal>
  );
}
