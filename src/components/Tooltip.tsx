import { useState, type ReactNode } from 'react';
import {
  autoUpdate,
  flip,
  FloatingPortal,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
  useTransitionStyles,
  type Placement,
} from '@floating-ui/react';
import './Tooltip.css';

// Spec §9 tooltip defaults.
export const TOOLTIP_DELAY = 0;
export const TOOLTIP_DURATION = { open: 300, close: 250 } as const;
export const TOOLTIP_MAX_WIDTH = 350;
export const TOOLTIP_Z_INDEX = 9999;

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  placement?: Placement;
  /** Controlled visibility (e.g. the copy button's 'Copied!'); hover/focus opens it otherwise. */
  open?: boolean;
  className?: string;
}

export function Tooltip({ content, children, placement = 'top', open: controlled, className }: TooltipProps) {
  const [hovered, setHovered] = useState(false);
  const open = controlled ?? hovered;
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setHovered,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(8), flip(), shift({ padding: 8 })],
  });
  const enabled = controlled === undefined;
  const hover = useHover(context, { delay: TOOLTIP_DELAY, enabled });
  const focus = useFocus(context, { enabled });
  const dismiss = useDismiss(context, { enabled });
  const role = useRole(context, { role: 'tooltip' });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role]);
  const { isMounted, styles } = useTransitionStyles(context, { duration: TOOLTIP_DURATION, initial: { opacity: 0, transform: 'translateY(4px) scale(0.96)' } });

  return (
    <>
      <span ref={refs.setReference} className={['tooltip-anchor', className].filter(Boolean).join(' ')} {...getReferenceProps()}>
        {children}
      </span>
      {isMounted && (
        <FloatingPortal>
          <div ref={refs.setFloating} style={{ ...floatingStyles, zIndex: TOOLTIP_Z_INDEX, maxWidth: TOOLTIP_MAX_WIDTH }} {...getFloatingProps()}>
            <div className="tooltip" data-open={open} style={styles}>
              {content}
            </div>
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
