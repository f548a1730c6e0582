import { useState } from "react";
import { Modal, type ModalState } from "../components/Modal";
import { PageHead } from "../components/PageHead";
import type { PageProps } from "../pages";

/** The window's states (SPEC §4) in words; the code's name stays in `data-state` for the tests. */
const STATE_NAMES: Record<ModalState, string> = {
  opens: "открывается",
  entering: "появляется",
  entered: "открыто",
  leaving: "закрывается",
  closed: "закрыто",
};

export default function TestModalPage({ match }: PageProps) {
  const [open, setOpen] = useState(false);
  const [locked, setLocked] = useState(false);
  const [state, setState] = useState<ModalState>("closed");
  return (
    <div className="page container">
      <PageHead title="Проверка модального окна" canonical={match.pathname} noindex />
      <h1>Проверка модального окна</h1>
      <p>
        Служебная страница: окно закрывается по Esc и по клику вне окна. Обе возможности можно отключить,
        тогда окно закрывается только кнопкой.
      </p>
      <p>
        <label>
          <input type="checkbox" checked={locked} onChange={(e) => setLocked(e.target.checked)} /> Закрывать
          только кнопкой
        </label>
      </p>
      <p>
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Открыть окно
        </button>
      </p>
      <p>
        Состояние окна:{" "}
        <output data-testid="modal-state" data-state={state}>
          {STATE_NAMES[state]}
        </output>
      </p>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Заявка на консультацию"
        closeOnEsc={!locked}
        closeOnOutsideClick={!locked}
        onStateChange={setState}
      >
        <p>Консультант перезвонит в течение 15 минут в рабочее время — с 9:00 до 21:00 по Москве.</p>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Понятно
        </button>
      </Modal>
    </div>
  );
}
