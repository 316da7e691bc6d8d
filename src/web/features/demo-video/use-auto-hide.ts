import { useCallback, useEffect, useRef, useState } from 'react';

/** A visible flag that can be hidden after a delay; showing again cancels a pending hide. */
export function useAutoHide() {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const show = useCallback(() => {
    cancel();
    setVisible(true);
  }, [cancel]);

  const hideAfter = useCallback(
    (ms: number) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        setVisible(false);
      }, ms);
    },
    [cancel],
  );

  useEffect(() => cancel, [cancel]);

  return { visible, show, hideAfter };
}
