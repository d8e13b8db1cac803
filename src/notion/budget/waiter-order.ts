/**
 * Which waiting request goes next: the most urgent priority, then work under way (or a shared request due), then the
 * owner whose last turn is oldest, then first come.
 */
export type WaiterOrder = { rank: number; owner: string; seq: number };

export function nextWaiter<W extends WaiterOrder>(waiters: W[], turns: Map<string, number>, goesFirst: (w: W) => boolean, turnKey: (w: W) => string): W {
  let best = waiters[0]!;
  for (const w of waiters) {
    if (w.rank !== best.rank) {
      if (w.rank < best.rank) best = w;
      continue;
    }
    const [wGoing, bestGoing] = [goesFirst(w), goesFirst(best)];
    if (wGoing !== bestGoing) {
      if (wGoing) best = w;
      continue;
    }
    const wTurn = turns.get(turnKey(w)) ?? -1;
    const bestTurn = turns.get(turnKey(best)) ?? -1;
    if (wTurn < bestTurn || (wTurn === bestTurn && w.seq < best.seq)) best = w;
  }
  return best;
}
