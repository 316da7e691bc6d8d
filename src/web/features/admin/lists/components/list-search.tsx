/** The search above both lists: a draft that becomes the lists' search once it settles. */
export function ListSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="mt-4">
      <label htmlFor="admin-search" className="sr-only">
        Search by email
      </label>
      <input
        id="admin-search"
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search by email..."
        autoComplete="off"
        className="w-full max-w-md rounded-lg border border-ink-600 bg-ink-900 px-4 py-2 text-ink-100 placeholder:text-ink-400 focus:border-gold-400"
      />
    </div>
  );
}
