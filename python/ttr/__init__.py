"""ttr: the ttr-lab Ticket to Ride engine and lab from Python.

``Game``/``State`` follow OpenSpiel's shape: a fixed action index space per map
(``Game.num_distinct_actions()``, laid out as ``ACTION_SPACE_DOC`` says), legal masks,
observation vectors of one seat (``Game.observation_spec()``), determinization
(``State.resample_from_infostate``) and game records (``State.to_record``).
``env``/``gym_env``/``VecEnv`` wrap them for PettingZoo, Gymnasium and batched training.
"""

from ._native import Game, Opponents, State, VecGames, maps

ACTION_SPACE_DOC = """\
Action indices, in this order (the same for every position of a map):
  keep            63   keep the offered tickets in the offer slots of bit mask i + 1
  pick             6   draft: pick the ticket in packet slot i
  take             5   take face-up card slot i
  blind, tickets, pass, tunnel_back   1 each
  tunnel_pay       4   pay a tunnel surcharge with i locomotives (the rest in the laid colour)
  express_cards, express_tickets      one per distinct express card value (South Korea)
  claim            per route in map order: for each colour the route takes, k locomotives
                   and length - k cards of the colour (k < length); then all locomotives;
                   then 64 slots for substitute payments (Nordic ferries and the 9-route):
                   the route's i-th substitute payment as the engine lists them now
  province         South Korea: per route, per line, per express card (none first), per
                   payment (x cards of a colour and k locomotives, then k locomotives alone)
Game.action_to_string(i) names any index.
"""


def env(map="usa", players=4, **kwargs):
    """A PettingZoo AEC environment (see ``ttr.envs.TtrAECEnv``)."""
    from .envs import TtrAECEnv

    return TtrAECEnv(map=map, players=players, **kwargs)


def gym_env(map="usa", players=2, opponents="greedy", **kwargs):
    """A single-agent Gymnasium environment against built-in bots (``ttr.envs.TtrGymEnv``)."""
    from .envs import TtrGymEnv

    return TtrGymEnv(map=map, players=players, opponents=opponents, **kwargs)


from .lab import simulate  # noqa: E402
from .vec import VecEnv  # noqa: E402

__all__ = ["simulate", "Game", "State", "Opponents", "VecGames", "VecEnv", "maps", "env", "gym_env", "ACTION_SPACE_DOC"]
