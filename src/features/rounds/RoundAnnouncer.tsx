// The round games' words for screen readers (crash, wheel: their canvases say nothing to one). One
// polite live region per page, present from the first render (a region that appears, or turns
// from aria-live=off to polite, with its text already in it is not read), whose text changes only
// at the moments a player watches for: a round's result and the player's own cash-out or win.
// Never a tick or a countdown second (docs/crash.md, docs/wheel.md, "For screen readers").

export function RoundAnnouncer({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="round-announcer">
      {text}
    </p>
  );
}
