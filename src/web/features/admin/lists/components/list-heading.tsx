/**
 * '{n} Signups of {total} matching "{term}"' (spec section 2); '{total}+' when a broad search
 * was counted no further than that.
 */
export function ListHeading({
  id,
  title,
  shown,
  total,
  totalExact = true,
  search,
}: {
  id: string;
  title: string;
  shown: number | undefined;
  total: number | undefined;
  totalExact?: boolean;
  search: string;
}) {
  return (
    <h2 id={id} className="text-xl font-semibold text-ink-100">
      {title}
      {shown !== undefined ? (
        <span className="ml-2 text-base font-normal text-ink-300">
          ({shown}
          {total !== undefined
            ? ` of ${totalExact ? total : `${total.toLocaleString('en-US')}+`}`
            : ''}
          {search ? ` matching "${search}"` : ''})
        </span>
      ) : null}
    </h2>
  );
}
