import { useOnline } from "../hooks/use-online";

export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline" role="status">
      Нет подключения к интернету. Мы покажем свежие данные, как только связь восстановится.
    </div>
  );
}
