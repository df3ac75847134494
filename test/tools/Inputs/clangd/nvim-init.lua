-- Neovim's built-in LSP client (0.7 API) pointed at warplint-clangd: opens
-- a .cu file, waits for warplint's diagnostic and writes every diagnostic
-- the editor holds to $WL_OUT. Run headless by clangd-neovim.test.
local out = assert(vim.env.WL_OUT)
local lines = {}
local function finish(verdict)
  table.insert(lines, verdict)
  local f = assert(io.open(out, "w"))
  f:write(table.concat(lines, "\n") .. "\n")
  f:close()
end

local client_id = vim.lsp.start_client({
  name = "warplint-clangd",
  cmd = { vim.env.WL_PROXY, "--clangd=" .. vim.env.WL_CLANGD,
          "--background-index=false", "--log=error" },
  root_dir = vim.env.WL_ROOT,
})
if not client_id then
  finish("the client did not start")
  vim.cmd("qa!")
end
vim.cmd("edit " .. vim.env.WL_FILE)
vim.lsp.buf_attach_client(0, client_id)

local function from(source)
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.source == source then return true end
  end
  return false
end
-- Both sets (clangd's are "clang"), two minutes at most: clangd and the
-- analysis share a small machine.
vim.wait(120000, function() return from("warplint") and from("clang") end, 100)
local arrived = from("warplint")
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = (d.user_data or {}).lsp or {}
  table.insert(lines, string.format("diagnostic %s %d:%d %s: %s",
    tostring(d.source), d.lnum, d.col, tostring(lsp.code), d.message))
end
finish(arrived and "warplint's diagnostic reached the editor"
               or "timed out waiting for warplint's diagnostic")
-- shutdown + exit, then leave.
vim.lsp.stop_client(client_id)
vim.wait(10000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 100)
vim.cmd("qa!")
