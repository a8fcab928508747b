"""升级 / 拖拉机 (Shengji, Tractor): the rules of the SG and SS documents."""
