import { useId, useState } from 'react';

/**
 * A part of the page that a button shows and hides: whether it is open, the id the part takes,
 * and the button's props (its click toggles; aria-expanded and aria-controls tell what it does).
 */
export function useToggleRegion(initiallyOpen: boolean) {
  const [open, setOpen] = useState(initiallyOpen);
  const regionId = useId();
  const toggleProps = {
    onClick: () => setOpen((current) => !current),
    'aria-expanded': open,
    'aria-controls': regionId,
  };
  return { open, regionId, toggleProps };
}
