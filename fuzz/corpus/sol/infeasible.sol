=infeas=
