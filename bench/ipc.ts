// Bench parents drive their server processes over IPC: send a command, wait for the reply by name.
import type { ChildProcess } from 'node:child_process';

export type Reply = { cmd: string; [k: string]: unknown };

export function ask(child: ChildProcess, cmd: object, expect: string): Promise<Reply> {
  return new Promise((resolve) => {
    const onMessage = (m: Reply) => {
      if (m.cmd !== expect) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.send(cmd);
  });
}
