/**
 * '{n} Signups of {total} matching "{term}"' (spec section 2); '{total}+' when a broad search
 * was counted no further than that. First on its toolbar's line, it takes the room the tools
 * leave and wraps inside it, so a long search term never pushes the tools to another line.
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
    <h2
      id={id}
      className="min-w-0 flex-[1_1_12rem] text-[15px] leading-5 font-semibold text-ink-100 [overflow-wrap:anywhere]"
    >
      {title}
      {shown !== undefined ? (
        <span className="ml-1.5 text-[13px] font-normal text-ink-400 tabular-nums">
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
