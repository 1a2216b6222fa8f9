# expect: 1:1: no @T.ir_module class or @T.function definition found
