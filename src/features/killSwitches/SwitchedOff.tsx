import type { ComponentType } from 'react';
import type { KillSwitchKey } from '../../../core/protocol/killSwitches.ts';
import { useOffMessage } from './offSwitches.ts';
import './switchedOff.css';

/** The notice that takes the place of what a kill switch closed. */
export function SwitchedOff({ message }: { message: string }) {
  return (
    <div className="switched-off" role="status" data-testid="switched-off">
      <p>{message}</p>
    </div>
  );
}

/**
 * A game page that shows the switch's message instead of the game while its kill switch is off
 * (src/app/routes.tsx wraps each game page in its lazy chunk, so the shell carries none of this).
 */
export function gatedPage<P extends object>(key: KillSwitchKey, Page: ComponentType<P>): ComponentType<P> {
  function Gated(props: P) {
    const message = useOffMessage(key);
    return message === null ? <Page {...props} /> : <SwitchedOff message={message} />;
  }
  Gated.displayName = `Gated(${key})`;
  return Gated;
}
