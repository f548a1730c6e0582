/** A page's place while its data is on the way (a visit inside the app; the server renders pages with their data). */
export function PageLoading() {
  return (
    <div className="page container page-skeleton" role="status">
      <span className="visually-hidden">Загрузка…</span>
    </div>
  );
}
