#!/usr/bin/python3
"""Trains a small Jaipur policy/value network from scratch with PPO through souk.VectorEnv.

The learner plays against Souk's bots inside the environments (opponent="greedy" by
default): every step it sees its own observation (68 numbers) and its legal ids, scores
each legal move with the network (a state trunk joined to each move's features, so the
25,505 ids need no output layer of their own), and samples among them. Every few minutes
it plays a fixed set of evaluation deals greedily (argmax) against `greedy` (and `easy`)
and appends a row to the learning curve.

    PYTHONPATH=build/python /usr/bin/python3 examples/learning/train_jaipur.py \
        --minutes 30 --out jaipur-policy.pt --log curve.csv

Writes OUT (a torch checkpoint: weights and options) and OUT with .npz (the same weights
as numpy arrays, what examples/engines/learned_engine.py loads). See docs/python-learning.md.
"""
import argparse
import csv
import math
import os
import sys
import time

import numpy as np
import torch
from torch import nn

import souk

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jaipur_features import (OBSERVATION_SIZE, ROW_SIZE, move_features, row_inputs,  # noqa: E402
                             scaled_observation)

EVAL_SEED = 20261129  # the evaluation deals: the same for every run and every seed


class PolicyNet(nn.Module):
    """A state trunk; a value head; a move scorer over (state, move features) pairs."""

    def __init__(self, hidden=128, joint=32):
        super().__init__()
        self.trunk1 = nn.Linear(OBSERVATION_SIZE, hidden)
        self.trunk2 = nn.Linear(hidden, hidden)
        self.value = nn.Linear(hidden, 1)
        self.state_to_joint = nn.Linear(hidden, joint)
        self.move_to_joint = nn.Linear(ROW_SIZE, joint)
        self.joint2 = nn.Linear(joint, joint)
        self.logit = nn.Linear(joint, 1)

    def forward(self, obs, rows, row_sample):
        """obs [B, 68] scaled; rows [R, ROW_SIZE]; row_sample [R] the obs row of each.
        Returns (logit of each row [R], value of each position [B])."""
        h = torch.relu(self.trunk2(torch.relu(self.trunk1(obs))))
        joint = torch.relu(self.state_to_joint(h)[row_sample] + self.move_to_joint(rows))
        joint = torch.relu(self.joint2(joint))
        return self.logit(joint)[:, 0], self.value(h)[:, 0]


def padded_log_probs(logits, row_sample, row_pos, batch, width):
    """log-softmax of each position's legal moves: [batch, width], -inf where no move."""
    pad = torch.full((batch, width), -math.inf)
    pad[row_sample, row_pos] = logits
    return torch.log_softmax(pad, dim=1)


class Batch:
    """Positions of several environments, with their legal moves as rows."""

    def __init__(self, obs, ids, offsets, move_table):
        self.obs = obs
        counts = np.diff(offsets)
        self.row_sample = np.repeat(np.arange(len(obs)), counts)
        self.row_pos = np.arange(len(ids)) - np.repeat(offsets[:-1], counts)
        self.rows = row_inputs(obs[self.row_sample], move_table[ids])
        self.width = int(counts.max())


def step_inputs(batch):
    return (torch.from_numpy(scaled_observation(batch.obs)), torch.from_numpy(batch.rows),
            torch.from_numpy(batch.row_sample), torch.from_numpy(batch.row_pos))


def build_move_table(game):
    state = game.new_initial_state(seed=0)
    return np.stack([move_features(state.action_to_string(a)) for a in range(game.num_distinct_actions())])


class TrainingEnvs:
    """One VectorEnv per opponent spec, stepped as one batch of environments."""

    def __init__(self, game, specs, seed):
        self.envs = [souk.VectorEnv(game, n, seed=seed + 7919 * k, opponent=spec) for k, (spec, n) in enumerate(specs)]
        self.sizes = [n for _, n in specs]

    def reset(self):
        return self._join([env.reset() for env in self.envs])

    def step(self, actions):
        parts, start, rewards, done = [], 0, [], []
        for env, n in zip(self.envs, self.sizes):
            obs, legal, r, terminated, info = env.step(actions[start:start + n])
            parts.append((obs, legal))
            rewards.append(r)
            done.append(terminated | info["truncated"])
            start += n
        obs, ids, offsets = self._join(parts)
        return obs, ids, offsets, np.concatenate(rewards), np.concatenate(done)

    @staticmethod
    def _join(parts):
        obs = np.concatenate([p[0] for p in parts])
        ids = np.concatenate([p[1][0] for p in parts])
        offsets, base = [np.zeros(1, dtype=np.int64)], 0
        for _, (part_ids, part_offsets) in parts:
            offsets.append(part_offsets[1:] + base)
            base += len(part_ids)
        return obs, ids, np.concatenate(offsets)


def parse_opponents(text):
    """`greedy=48,random=16` -> [("greedy", 48), ("random", 16)]; a count defaults to 1."""
    specs = []
    for item in text.split(","):
        spec, _, count = item.partition("=")
        if not spec or not (count or "1").isdigit() or int(count or 1) < 1:
            raise ValueError("--opponents: expected SPEC=ENVIRONMENTS,..., got %r" % item)
        specs.append((spec, int(count or 1)))
    return specs


def wilson(wins, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


@torch.no_grad()
def evaluate(net, game, move_table, opponent, games):
    """Win rate of the argmax policy over `games` fixed deals (seats alternate), as the
    arena counts it: a win 1, a tie 1/2."""
    env = souk.VectorEnv(game, games, seed=EVAL_SEED, opponent=opponent)
    obs, (ids, offsets) = env.reset(seed=EVAL_SEED)
    result = np.full(games, np.nan)
    while np.isnan(result).any():
        batch = Batch(obs, ids, offsets, move_table)
        o, rows, rs, rp = step_inputs(batch)
        logits, _ = net(o, rows, rs)
        pad = torch.full((games, batch.width), -math.inf)
        pad[rs, rp] = logits
        choice = pad.argmax(dim=1).numpy()
        actions = ids[offsets[:-1] + choice]
        obs, (ids, offsets), rewards, terminated, info = env.step(actions)
        ended = np.isnan(result) & (terminated | info["truncated"])
        result[ended] = (rewards[ended] + 1) / 2
    return float(result.sum()), games


def export_npz(net, path):
    np.savez(path, **{k: v.detach().numpy() for k, v in net.state_dict().items()})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=30.0, help="wall-clock budget (default 30)")
    ap.add_argument("--steps", type=int, default=0, help="stop after this many learner decisions (0: no cap)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="jaipur-policy.pt", help="the checkpoint; OUT.npz is written beside it")
    ap.add_argument("--log", default="curve.csv", help="the learning curve (CSV)")
    ap.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    ap.add_argument("--opponents", default="random=16,greedy=48",
                    help="training opponents, bot specs with their environments: SPEC=ENVS,... (default random=16,greedy=48)")
    ap.add_argument("--rollout", type=int, default=64, help="steps per environment between updates")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--minibatches", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=128, help="width of the state trunk")
    ap.add_argument("--joint", type=int, default=32, help="width of the move scorer")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--gamma", type=float, default=0.997)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--shaping", type=float, default=0.5,
                    help="weight of the potential-based reward for seals and rupees (0: the game's result only)")
    ap.add_argument("--eval-minutes", type=float, default=3.0, help="evaluate every this many minutes")
    ap.add_argument("--eval-games", type=int, default=200, help="evaluation deals against each bot")
    ap.add_argument("--eval-bots", default="greedy,easy", help="bots to evaluate against (comma list)")
    args = ap.parse_args(argv)

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    sampler = torch.Generator().manual_seed(args.seed)
    game = souk.load_game("jaipur")
    move_table = build_move_table(game)
    net = PolicyNet(args.hidden, args.joint)
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr)
    try:
        envs = TrainingEnvs(game, parse_opponents(args.opponents), args.seed)
    except ValueError as error:  # souk.InvalidArgumentError too: a bad bot spec
        ap.error(str(error))
    eval_bots = [b for b in args.eval_bots.split(",") if b]

    log = open(args.log, "w", newline="")
    writer = csv.writer(log)
    writer.writerow(["update", "steps", "games", "minutes", "train_win_rate"]
                    + [col for bot in eval_bots for col in (f"win_{bot}", f"low_{bot}", f"high_{bot}")])

    start = time.monotonic()
    minutes = lambda: (time.monotonic() - start) / 60.0  # noqa: E731
    steps = games = update = 0
    recent = []  # the last training games' results

    def log_row():
        row = [update, steps, games, round(minutes(), 3),
               round(float(np.mean(recent[-500:])), 4) if recent else ""]
        net.eval()
        for bot in eval_bots:
            wins, n = evaluate(net, game, move_table, bot, args.eval_games)
            low, high = wilson(wins, n)
            row += [round(wins / n, 4), round(low, 4), round(high, 4)]
        net.train()
        writer.writerow(row)
        log.flush()
        print("update %d steps %d games %d minutes %.1f %s %s" % (update, steps, games, row[3],
              "train=%s" % row[4], " ".join(f"{b}={row[5 + 3 * i]:.3f}" for i, b in enumerate(eval_bots))), flush=True)

    log_row()
    logged_update = 0
    next_eval = args.eval_minutes
    obs, ids, offsets = envs.reset()
    n_envs = len(obs)
    while minutes() < args.minutes and (not args.steps or steps < args.steps):
        batches, chosen, old_logp, values, rewards, dones = [], [], [], [], [], []
        with torch.no_grad():
            for _ in range(args.rollout):
                batch = Batch(obs, ids, offsets, move_table)
                o, rows, rs, rp = step_inputs(batch)
                logits, value = net(o, rows, rs)
                logp = padded_log_probs(logits, rs, rp, n_envs, batch.width)
                choice = torch.multinomial(logp.exp(), 1, generator=sampler)[:, 0]
                actions = ids[offsets[:-1] + choice.numpy()]
                before = potential(obs)
                obs, ids, offsets, reward, done = envs.step(actions)
                after = np.where(done, 0.0, potential(obs))
                shaped = reward + args.shaping * (args.gamma * after - before)
                batches.append(batch)
                chosen.append(choice)
                old_logp.append(logp.gather(1, choice[:, None])[:, 0])
                values.append(value)
                rewards.append(torch.from_numpy(shaped.astype(np.float32)))
                dones.append(torch.from_numpy(done.astype(np.float32)))
                for r in reward[done]:
                    recent.append((r + 1) / 2)
                games += int(done.sum())
            steps += n_envs * args.rollout
            last = Batch(obs, ids, offsets, move_table)
            _, next_value = net(*step_inputs(last)[:3])
        advantages, returns = gae(rewards, values, dones, next_value, args.gamma, args.lam)
        ppo_update(net, optimiser, batches, chosen, old_logp, advantages, returns, args, rng)
        update += 1
        if minutes() >= next_eval:
            log_row()
            logged_update = update
            next_eval += args.eval_minutes
            save(net, args)
    if logged_update != update:
        log_row()
    save(net, args)
    log.close()
    return 0


def potential(obs):
    """What the position promises: seals won less seals lost (offsets 62, 63), and within
    the round my rupees less theirs (goods tokens 51, 52; my bonus tokens 55; theirs
    unseen, counted at their piles' means 59-61), a seal being worth about 40 rupees."""
    theirs_bonus = obs[:, 59] * 2.0 + obs[:, 60] * 5.0 + obs[:, 61] * 9.0
    rupees = obs[:, 51] + obs[:, 55] - obs[:, 52] - theirs_bonus
    return (obs[:, 62] - obs[:, 63] + rupees / 40.0).astype(np.float64)


def gae(rewards, values, dones, next_value, gamma, lam):
    advantages = [None] * len(rewards)
    running = torch.zeros_like(next_value)
    for t in reversed(range(len(rewards))):
        following = next_value if t == len(rewards) - 1 else values[t + 1]
        alive = 1.0 - dones[t]
        delta = rewards[t] + gamma * following * alive - values[t]
        running = delta + gamma * lam * alive * running
        advantages[t] = running
    advantages = torch.stack(advantages)
    return advantages, advantages + torch.stack(values)


def ppo_update(net, optimiser, batches, chosen, old_logp, advantages, returns, args, rng):
    """Flattens the rollout (time x environments) and runs the PPO epochs on it."""
    n_envs = len(batches[0].obs)
    obs = torch.from_numpy(scaled_observation(np.concatenate([b.obs for b in batches])))
    rows = torch.from_numpy(np.concatenate([b.rows for b in batches]))
    row_sample = torch.from_numpy(np.concatenate([b.row_sample + t * n_envs for t, b in enumerate(batches)]))
    row_pos = torch.from_numpy(np.concatenate([b.row_pos for b in batches]))
    width = max(b.width for b in batches)
    chosen, old_logp = torch.cat(chosen), torch.cat(old_logp)
    advantages, returns = advantages.reshape(-1), returns.reshape(-1)
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    total = len(obs)
    for _ in range(args.epochs):
        perm = torch.from_numpy(rng.permutation(total))
        for part in perm.chunk(args.minibatches):
            in_part = torch.full((total,), -1, dtype=torch.long)
            in_part[part] = torch.arange(len(part))
            local = in_part[row_sample]
            keep = local >= 0
            logits, value = net(obs[part], rows[keep], local[keep])
            logp = padded_log_probs(logits, local[keep], row_pos[keep], len(part), width)
            new_logp = logp.gather(1, chosen[part][:, None])[:, 0]
            ratio = torch.exp(new_logp - old_logp[part])
            adv = advantages[part]
            policy_loss = -torch.min(ratio * adv, ratio.clamp(1 - args.clip, 1 + args.clip) * adv).mean()
            probs = logp.exp()
            entropy = -(probs * torch.where(probs > 0, logp, torch.zeros_like(logp))).sum(1).mean()
            value_loss = (value - returns[part]).pow(2).mean()
            loss = policy_loss + 0.5 * value_loss - args.entropy * entropy
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            optimiser.step()


def save(net, args):
    torch.save({"state_dict": net.state_dict(), "options": vars(args)}, args.out)
    export_npz(net, os.path.splitext(args.out)[0] + ".npz")


if __name__ == "__main__":
    sys.exit(main())
