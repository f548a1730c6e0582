import { Console } from "../chat/Console";
import { PageHead } from "../components/PageHead";

/** The consultant's console (not for search engines; it shows nothing without the operator's sign-in). */
export default function OperatorPage() {
  return (
    <div className="page container">
      <PageHead title="Консоль консультанта" noindex />
      <Console />
    </div>
  );
}
