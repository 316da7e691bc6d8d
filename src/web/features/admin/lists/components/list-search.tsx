/** The search of both lists, in each list's toolbar: a draft that becomes the lists' search once it settles. */
export function ListSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="w-full sm:w-56">
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
        className="h-8 w-full rounded-md border border-ink-600 bg-ink-900 px-3 text-sm text-ink-100 placeholder:text-ink-400 hover:border-ink-400 focus:border-gold-400"
      />
    </div>
  );
}
