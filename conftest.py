"""Collection settings for the doctests of the package (tests/conftest.py has the fixtures)."""

# Aliases of moved modules (kept for notebooks saved with version 0.1): their doctests
# are collected at the modules' new homes.
collect_ignore = ["logger_widget/exercises.py", "logger_widget/tutorial.py", "logger_widget/ratings.py"]
