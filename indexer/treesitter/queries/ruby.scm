; Definitions
(module name: [(constant) (scope_resolution)] @name) @definition.module
(class name: [(constant) (scope_resolution)] @name) @definition.class
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method
(body_statement (assignment left: (constant) @name) @definition.constant)

; Base classes and mixins
(superclass [(constant) @name (scope_resolution name: (constant) @name)]) @reference.extends
(call
  method: (identifier) @_mixin (#any-of? @_mixin "include" "prepend" "extend")
  arguments: (argument_list [(constant) @name (scope_resolution name: (constant) @name)])) @reference.implements

; Calls
(call method: (identifier) @name) @reference.call
