import { useEffect } from 'react';

/** Sets the browser tab's title while the page is shown (a full title such as "X · STEM@Home"). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
