"""A heuristic bot written in Python, played against the built-in ``greedy`` bot.

The bot keeps as few tickets as it may, then builds the cheapest paths between the cities
of its unfinished tickets: it claims a route on such a path when it can (longest first),
otherwise a long route (5 or more) for points, and otherwise draws blind. It plays seat
``game % players`` so that it sits in every seat equally often.

    .venv/bin/python examples/python/heuristic_vs_greedy.py --games 10000
"""

import argparse
import heapq
import re

import numpy as np

import ttr

CLAIM = re.compile(r"^claim route (\d+) (.*)-(.*) \(\w+ (\d+)\): ")


class Heuristic:
    def __init__(self, game):
        self.n = game.num_distinct_actions()
        self.claim_route = np.full(self.n, -1)
        self.routes = {}  # route -> (city a, city b, length)
        self.base = np.zeros(self.n)
        for i in range(self.n):
            name = game.action_to_string(i)
            claim = CLAIM.match(name)
            if claim:
                r, a, b, length = int(claim[1]), claim[2], claim[3], int(claim[4])
                self.routes[r] = (a, b, length)
                self.claim_route[i] = r
                # Long routes score well; the earlier payment of a route uses fewer locomotives.
                self.base[i] = (1000 + 100 * length if length >= 5 else 0) - i * 1e-6
            elif name.startswith("keep"):
                self.base[i] = 50 - (i + 1).bit_count()
            elif name == "draw blind":
                self.base[i] = 10

    def wanted(self, obs):
        """Unclaimed routes on the cheapest paths of the seat's unfinished tickets."""
        mine = set(obs["seats"][obs["seat"]]["routes"])
        taken = {r for s in obs["seats"] for r in s["routes"]}
        graph = {}
        for r, (a, b, length) in self.routes.items():
            if r in mine or r not in taken:
                cost = 0 if r in mine else length
                graph.setdefault(a, []).append((b, cost, r))
                graph.setdefault(b, []).append((a, cost, r))
        wanted = set()
        for a, b, _ in obs["tickets"]:
            best, via = {a: 0}, {}
            queue = [(0, a)]
            while queue:
                d, city = heapq.heappop(queue)
                if city == b or d > best.get(city, 1e9):
                    continue
                for other, cost, r in graph.get(city, []):
                    if d + cost < best.get(other, 1e9):
                        best[other], via[other] = d + cost, (city, r)
                        heapq.heappush(queue, (d + cost, other))
            city = b
            while city in via:
                city, r = via[city]
                if r not in mine:
                    wanted.add(r)
        return wanted

    def choose(self, obs, mask):
        score = self.base.copy()
        wanted = self.wanted(obs)
        if wanted:
            on_path = np.isin(self.claim_route, list(wanted))
            score[on_path] = 2000 + 100 * np.array([self.routes[r][2] for r in self.claim_route[on_path]])
            score[on_path] -= np.flatnonzero(on_path) * 1e-6
        return int(np.where(mask, score, -np.inf).argmax())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="usa")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    envs = [ttr.gym_env(args.map, args.players, opponents="greedy", seat=s) for s in range(args.players)]
    bot = Heuristic(envs[0].game)
    wins, scores = 0.0, np.zeros(2)
    for g in range(args.games):
        env = envs[g % args.players]
        env.reset(seed=g)
        done, reward = False, 0.0
        while not done:
            obs = env.state.observation(env.seat)
            _, reward, done, _, _ = env.step(bot.choose(obs, env.action_masks()))
        wins += reward
        final = env.state.scores()
        scores += [final[env.seat], np.mean([s for k, s in enumerate(final) if k != env.seat])]
    print(f"heuristic vs greedy on {args.map}, {args.players} players, {args.games} games: "
          f"heuristic wins {wins:.1f} ({100 * wins / args.games:.1f}%, ties shared); "
          f"mean score {scores[0] / args.games:.1f} vs {scores[1] / args.games:.1f}")


if __name__ == "__main__":
    main()
