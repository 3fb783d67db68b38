-- DGN in Neovim: .dgn files get the dgn filetype, '#' comments, and dungeon lsp
-- (diagnostics, completion, hover, formatting, symbols, semantic highlighting).
-- Neovim 0.7 or later; `dungeon` with its lsp extra on PATH.
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, { pattern = "*.dgn", command = "setfiletype dgn" })
vim.api.nvim_create_autocmd("FileType", {
  pattern = "dgn",
  callback = function(args)
    vim.bo[args.buf].commentstring = "# %s"
    local config = {
      name = "dungeon",
      cmd = { "dungeon", "lsp" },
      root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":p:h"),
    }
    if vim.lsp.start then -- 0.8 and later
      vim.lsp.start(config)
    else
      vim.lsp.buf_attach_client(args.buf, vim.lsp.start_client(config))
    end
  end,
})
