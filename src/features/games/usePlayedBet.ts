import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { balanceVersionOf } from '../../api/http.ts';
import { callResponse } from '../../api/call.ts';
import type { Route } from '../../../core/protocol/route.ts';
import { holdForScene } from '../scenes/sceneHold.ts';
import { fieldProblem, FormProblem } from './betErrors.ts';
import { prefetchSchema, schemaProblem, type FieldIssue, type SchemaLoader } from './betSchema.ts';

// The one order every bet page follows (dice, plinko, upgrade, box openings):
//   validate with the shared schema → raise the animation flag → send → play the decided outcome
//   → show the answer's balance → let the page show the result and refresh its history → lower the flag.
// Auto-bet (balanceOnAnswer) shows the balance and lowers the flag on the answer instead. The
// balance itself reaches the one balance store with the answer (src/stores/balance.ts); when its
// version may show is the scene hold's (src/features/scenes/sceneHold.ts), ended by the play.
// The flag goes up BEFORE the request: the wallet's balanceUpdated can reach the socket before the
// HTTP answer, and the balance shown must change only when the scene has finished.

export type BetProblem = FieldIssue;

export interface PlayedBetSpec<Body, Result> {
  /**
   * The shared zod schema of the body, as a dynamic import (src/features/games/betSchema.ts): the
   * form refuses exactly what the server would. The first render's loader is the one used.
   */
  schema?: SchemaLoader;
  /** Sends the bet; resolves with the decided result, the server's msg (if any) and the version of the balance the answer carries. */
  send(body: Body): Promise<{ result: Result; msg?: string; version: number | null }>;
  /** Animates the decided outcome; resolves when the scene has finished (or was skipped). */
  play(result: Result): Promise<void>;
  /**
   * After the scene: show the result, refresh the history, toast. `latest` is false when a bet
   * placed after this one has already landed (overlap): its result must not replace the newer one.
   */
  onPlayed?(result: Result, msg: string | undefined, latest: boolean): void;
  /**
   * Several bets in flight at once (plinko's balls): `place` resolves when the server answered and
   * the scene plays on. Each landing shows its own answer's balance unless a newer one is shown.
   */
  overlap?: boolean;
  /**
   * True while bets follow each other quickly (auto-bet): the answer's balance is applied as soon as
   * it arrives, the animation flag comes down then and `place` resolves, so neither a balance nor
   * the next bet waits behind a scene; the scene still plays (quickly) and onPlayed follows it.
   */
  balanceOnAnswer?(): boolean;
}

export interface PlayedBet<Body, Result> {
  /** Places one bet. Throws FormProblem (shown as `problem`) before sending, or the request's error. */
  place(body: Body): Promise<Result>;
  /** The first field problem of the last bet (the schema's or the server's 422), else null. */
  problem: BetProblem | null;
  setProblem(problem: BetProblem | null): void;
}

/** `send` for a bet route that answers `{data, msg?}`. */
export function postBet<Body, Result>(route: Route<'POST'>): (body: Body) => Promise<{ result: Result; msg?: string; version: number | null }> {
  // The page's Body and Result are its route's (the page names both); the table's types stop at Route here.
  return (body) => callResponse(route, { body } as never).then((res) => {
    const answer = res.data as unknown as { data: Result; msg?: string };
    return { result: answer.data, msg: answer.msg, version: balanceVersionOf(res) };
  });
}

export function usePlayedBet<Body, Result>(spec: PlayedBetSpec<Body, Result>): PlayedBet<Body, Result> {
  const [problem, setProblem] = useState<BetProblem | null>(null);
  // The page re-renders with new closures (target, rows…); the latest spec is used at call time.
  const specRef = useRef(spec);
  specRef.current = spec;
  // The schema loader is taken once, at mount: pages pass an inline arrow, and a fresh loader at
  // each bet would miss loadSchema's cache and import() again, which resolves a task later, behind
  // the scene's frames (auto-bet's next bet then waited up to 260 ms on a slow machine).
  const [schema] = useState(() => spec.schema);
  useEffect(() => prefetchSchema(schema), [schema]);

  // Bets in the order they were placed, and the newest of them whose scene has ended.
  const placed = useRef(0);
  const landed = useRef(0);

  const place = useCallback(
    async (body: Body): Promise<Result> => {
      const s = specRef.current;
      const ordinal = ++placed.current;
      const refused = await schemaProblem(schema, body);
      setProblem(refused);
      if (refused) throw new FormProblem(refused.field, refused.message);

      const hold = holdForScene();
      let answer: { result: Result; msg?: string; version: number | null };
      try {
        answer = await s.send(body);
      } catch (error) {
        hold.end();
        const server = fieldProblem(error);
        if (server) setProblem(server);
        throw error;
      }
      const { result, msg, version } = answer;
      hold.showAtEnd(version);
      const early = s.balanceOnAnswer?.() ?? false;
      if (early) hold.end();
      const settle = hold.endAfter(s.play(result)).finally(() => {
        const latest = ordinal > landed.current;
        if (latest) landed.current = ordinal;
        s.onPlayed?.(result, msg, latest);
      });
      // Auto-bet does not wait for the scene either: the next bet goes out while this roll's quick
      // animation finishes (a newer play takes the scene over), so no bet queues behind frames.
      if (!s.overlap && !early) await settle;
      else void settle.catch(() => undefined);
      return result;
    },
    [schema],
  );

  return useMemo(() => ({ place, problem, setProblem }), [place, problem]);
}
