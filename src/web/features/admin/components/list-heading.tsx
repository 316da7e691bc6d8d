/** '{n} Signups of {total} matching "{term}"' (spec section 2). */
export function ListHeading({
  id,
  title,
  shown,
  total,
  search,
}: {
  id: string;
  title: string;
  shown: number | undefined;
  total: number | undefined;
  search: string;
}) {
  return (
    <h2 id={id} className="text-xl font-semibold text-ink-100">
      {title}
      {shown !== undefined ? (
        <span className="ml-2 text-base font-normal text-ink-300">
          ({shown}
          {total !== undefined ? ` of ${total}` : ''}
          {search ? ` matching "${search}"` : ''})
        </span>
      ) : null}
    </h2>
  );
}
