stage = "qa"
