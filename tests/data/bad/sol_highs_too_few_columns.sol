Model status
Optimal

# Primal solution values
Feasible
Objective 5
# Columns 2
x 1
# Rows 2
c1 3
c2 1

# Dual solution values
None
