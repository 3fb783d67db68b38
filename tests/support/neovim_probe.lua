-- Run by tests/editors/test_neovim.py in `nvim --headless`, after editors/neovim/dgn.lua and a
-- DGN file: waits for dungeon lsp's diagnostics, asks for a completion and a hover at
-- the position the test names (DGN_PROBE_LINE/COL, 0-based), writes all as JSON to
-- DGN_PROBE_OUT, and quits.
local out = {}
local function clients()
  return vim.lsp.buf_get_clients(0)
end
out.attached = vim.wait(20000, function() return next(clients()) ~= nil end, 50)
out.filetype = vim.bo.filetype
local want = tonumber(os.getenv("DGN_PROBE_DIAGNOSTICS"))
vim.wait(20000, function() return #vim.diagnostic.get(0) >= want end, 50)
vim.wait(200)
out.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out.diagnostics, { d.lnum, d.col, d.message })
end
local params = {
  textDocument = vim.lsp.util.make_text_document_params(),
  position = { line = tonumber(os.getenv("DGN_PROBE_LINE")), character = tonumber(os.getenv("DGN_PROBE_COL")) },
}
out.completion = {}
for _, answer in pairs(vim.lsp.buf_request_sync(0, "textDocument/completion", params, 20000) or {}) do
  local items = answer.result and (answer.result.items or answer.result) or {}
  for _, item in ipairs(items) do
    table.insert(out.completion, { item.label, item.detail or "" })
  end
end
out.hover = ""
for _, answer in pairs(vim.lsp.buf_request_sync(0, "textDocument/hover", params, 20000) or {}) do
  if answer.result then
    out.hover = answer.result.contents.value
  end
end
local file = io.open(os.getenv("DGN_PROBE_OUT"), "w")
file:write(vim.fn.json_encode(out))
file:close()
vim.cmd("qa!")
