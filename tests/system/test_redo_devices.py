"""Random work on several devices, offline and online, through a real server on both databases."""

from __future__ import annotations

import random

import pytest
from redo_cli import RedoHome
from test_redo_sync import account, signed_in_home, tasks_of


def random_step(rng: random.Random, home: RedoHome, counter: list[int]) -> str:
    """One thing a person might do on this device, chosen among the tasks it shows."""
    live = home.json("list")
    choice = rng.random()
    if not live or choice < 0.2:
        counter[0] += 1
        title = f"Task {counter[0]}"
        home.out("add", title, *(["--every", str(rng.randint(1, 7))] if rng.random() < 0.5 else []))
        return f"add {title}"
    task = rng.choice(live)["id"]
    if choice < 0.4:
        field, value = rng.choice([("--priority", str(rng.randint(1, 5))), ("--title", f"Renamed {rng.randint(1, 99)}"), ("--description", f"Note {rng.randint(1, 99)}")])
        home.out("edit", task, field, value)
        return f"edit {task[:8]} {field}"
    if choice < 0.6:
        home.out("complete", task)
        return f"complete {task[:8]}"
    if choice < 0.8:
        home.out("snooze", task, "--days", str(rng.randint(1, 5)))
        return f"snooze {task[:8]}"
    if choice < 0.9:
        home.out("archive", task)
        return f"archive {task[:8]}"
    home.out("delete", task)
    return f"delete {task[:8]}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_offline_work_on_several_devices_converges(backend, start_server, seed) -> None:
    rng = random.Random(seed)
    server = start_server(backend)
    ann, _ = account(server, "Ann")
    devices = [signed_in_home(server, ann, f"device{n}") for n in range(rng.randint(2, 4))]
    counter = [0]
    story = [f"seed {seed}, {len(devices)} devices"]
    for _ in range(30):
        device = rng.randrange(len(devices))
        story.append(f"{device}: {random_step(rng, devices[device], counter)}")
        if rng.random() < 0.25:  # now and then a device comes online
            devices[device].out("sync")
            story.append(f"{device}: sync")

    def exchange() -> None:
        for home in rng.sample(devices, len(devices)) + devices:
            home.out("sync")

    exchange()
    states = [tasks_of(home) for home in devices]
    assert all(state == states[0] for state in states), "\n".join(story)

    # Every live task can still be completed on one device and snoozed on another
    for task in devices[0].json("list"):
        devices[0].out("complete", task["id"])
        devices[-1].out("snooze", task["id"], "--days", "1")
    exchange()
    states = [tasks_of(home) for home in devices]
    assert all(state == states[0] for state in states), "\n".join(story)
    for home in devices:
        assert home.run("verify", "--all").returncode == 0, "\n".join(story)
