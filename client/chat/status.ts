import type { SocketStatus } from "./socket";

/** The connection line under a chat's title. */
export function statusText(status: SocketStatus): string {
  switch (status) {
    case "connecting":
      return "Подключаемся…";
    case "open":
      return "На связи";
    case "offline":
      return "Нет связи — переподключаемся. Сообщения не потеряются.";
    case "stopped":
      return "Чат недоступен";
  }
}
