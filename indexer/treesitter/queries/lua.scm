; Functions: `function f()`, `local function f()`, and `function M.f()` / `function M:f()` as
; methods of the table M
(function_declaration name: (identifier) @name) @definition.function
(function_declaration
  name: (dot_index_expression table: (identifier) @receiver field: (identifier) @name)) @definition.method
(function_declaration
  name: (method_index_expression table: (identifier) @receiver method: (identifier) @name)) @definition.method

; Calls: plain, `M.f()` and `obj:m()`
(function_call
  name: [(identifier) @name
         (dot_index_expression field: (identifier) @name)
         (method_index_expression method: (identifier) @name)]) @reference.call
