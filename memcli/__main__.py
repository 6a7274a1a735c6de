from memcli.cli import run

run()
