-- Drives `dynexpr lsp` from Neovim's own LSP client, headless, for
-- e2e/neovim_test.go: opens a .dx, a .partiql, a request JSON and a Python
-- file of the project, waits for each one's diagnostics, asks for hover,
-- completion, definition and formatting, applies every quick fix, then
-- makes random edits; it writes what it saw to $RESULTS as JSON (each
-- snapshot: a buffer's text and the diagnostics the server published for
-- exactly that text) and exits 0, or 1 with the errors in the JSON.
--
-- Written for the API of Neovim 0.7 (Debian's), which later versions keep:
-- vim.lsp.start_client and buf_attach_client, request_sync.

local bin, root, out = os.getenv('DYNEXPR'), os.getenv('PROJECT'), os.getenv('RESULTS')
local seed = tonumber(os.getenv('SEED') or '1')
local results = { snapshots = {}, checks = {}, errors = {}, actions = {} }
local timeout = 20000

local function finish()
  local f = assert(io.open(out, 'w'))
  f:write(vim.json.encode(results))
  f:close()
  vim.cmd((#results.errors == 0) and 'qall!' or 'cquit! 1')
end

local function fail(msg)
  table.insert(results.errors, msg)
end

local published = {} -- uri -> the last publishDiagnostics params
local client_id = vim.lsp.start_client({
  name = 'dynexpr',
  cmd = { bin, 'lsp', '--debounce', os.getenv('DEBOUNCE') or 'auto' },
  root_dir = root,
  flags = { debounce_text_changes = 0 },
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      published[result.uri] = result
      return vim.lsp.handlers['textDocument/publishDiagnostics'](err, result, ctx, config)
    end,
  },
})
local client = vim.lsp.get_client_by_id(client_id)
if not vim.wait(timeout, function() return client.server_capabilities ~= nil end, 10) then
  fail('the server did not initialize')
  return finish()
end

local function open(name)
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/' .. name))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  return buf
end

local function text(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'
end

-- diagnostics waits for the diagnostics of buf's current version.
local function diagnostics(buf, what)
  local uri = vim.uri_from_bufnr(buf)
  local ok = vim.wait(timeout, function()
    local p = published[uri]
    return p ~= nil and p.version == vim.lsp.util.buf_versions[buf]
  end, 5)
  if not ok then
    fail(what .. ': no diagnostics for version ' .. tostring(vim.lsp.util.buf_versions[buf]) .. ' of ' .. uri)
    return {}
  end
  return published[uri].diagnostics
end

local function snapshot(buf, name, what)
  local ds = diagnostics(buf, what)
  table.insert(results.snapshots, { name = name, what = what, text = text(buf), diagnostics = ds })
  return ds
end

local function request(buf, method, params)
  local r, err = client.request_sync(method, params, timeout, buf)
  if not r then
    fail(method .. ': ' .. tostring(err))
    return nil
  end
  if r.err then
    fail(method .. ': ' .. vim.inspect(r.err))
    return nil
  end
  return r.result
end

local function pos(buf, line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
end

local function check(name, ok, detail)
  table.insert(results.checks, { name = name, ok = ok and true or false, detail = detail })
end

-- Every quick fix the diagnostics of buf offer, applied one at a time (the
-- actions asked again after each, as positions move), each a snapshot.
local function applyFixes(buf, name)
  local tried = {}
  for _ = 1, 30 do
    local ds = diagnostics(buf, name .. ': before a fix')
    local applied = false
    for _, d in ipairs(ds) do
      local actions = request(buf, 'textDocument/codeAction', {
        textDocument = { uri = vim.uri_from_bufnr(buf) }, range = d.range,
        context = { diagnostics = { d } },
      }) or {}
      for _, a in ipairs(actions) do
        local key = a.title .. '@' .. (d.code or '') .. ':' .. d.message
        if not tried[key] and a.edit then
          tried[key] = true
          vim.lsp.util.apply_workspace_edit(a.edit, 'utf-16')
          local after = snapshot(buf, name, 'after ' .. a.title)
          table.insert(results.actions, { name = name, title = a.title, code = d.code, message = d.message,
            before = #ds, after = after })
          applied = true
          break
        end
      end
      if applied then break end
    end
    if not applied then return end
  end
end

-- The project's documents.
local dx = open('q.dx')
snapshot(dx, 'q.dx', 'opened')
local pq = open('q.partiql')
snapshot(pq, 'q.partiql', 'opened')
local js = open('req.json')
snapshot(js, 'req.json', 'opened')
local py = open('app.py')
snapshot(py, 'app.py', 'opened')

-- Hover on a statement: explain, over the statement's lines alone.
local h = request(dx, 'textDocument/hover', pos(dx, 0, 1))
check('hover on a statement', h and h.contents and h.contents.value:find('```dynexpr', 1, true) and h.range.start.line == 0 and h.range['end'].line == 0,
  vim.inspect(h))
h = request(dx, 'textDocument/hover', pos(dx, 0, 7))
check('hover on a table', h and h.contents.value:find('table Tickets', 1, true), vim.inspect(h))
h = request(pq, 'textDocument/hover', pos(pq, 0, 1))
check('hover on a PartiQL statement', h and h.contents and h.contents.value ~= '', vim.inspect(h))

-- Completion after "query ": the schema's tables.
local c = request(dx, 'textDocument/completion', pos(dx, 0, 6)) or {}
local labels = {}
for _, it in ipairs(c.items or c) do labels[it.label] = true end
check('completion of a table', labels['Tickets'], vim.inspect(vim.tbl_keys(labels)))

-- Definition of a table: its declaration in the schema.
local def = request(dx, 'textDocument/definition', pos(dx, 0, 7))
local loc = def and (def.uri and def or def[1])
check('definition of a table', loc and loc.uri:find('schema.yaml', 1, true), vim.inspect(def))

-- Formatting: dynexpr fmt's layout, applied.
local edits = request(dx, 'textDocument/formatting', { textDocument = { uri = vim.uri_from_bufnr(dx) },
  options = { tabSize = 2, insertSpaces = true } })
check('formatting', edits ~= nil and #edits > 0, vim.inspect(edits))
if edits then
  vim.lsp.util.apply_text_edits(edits, dx, 'utf-16')
  snapshot(dx, 'q.dx', 'formatted')
end

-- Every quick fix, in each document.
applyFixes(dx, 'q.dx')
applyFixes(pq, 'q.partiql')
applyFixes(js, 'req.json')
applyFixes(py, 'app.py')

-- Random edits of the .dx file: insertions of what typing a statement
-- writes and deletions, a snapshot after each run of them.
math.randomseed(seed)
local bits = { ' ', ';', '\n', 'get ', 'Tikets', 'Tickets', '"', 'limit 0', 'limit 10', '#', 'x', '{', '}',
  ':', 'key id = "a"', 'filter priority = 1', 'q1: ', 'index open-tickets-index ', '$t', '1' }
for round = 1, 12 do
  for _ = 1, 10 do
    local lines = vim.api.nvim_buf_get_lines(dx, 0, -1, false)
    local row = math.random(0, #lines - 1)
    local line = lines[row + 1]
    local col = math.random(0, #line)
    if math.random() < 0.6 then
      local bit = bits[math.random(#bits)]
      vim.api.nvim_buf_set_text(dx, row, col, row, col, vim.split(bit, '\n', true))
    else
      local to = math.min(#line, col + math.random(1, 6))
      if to > col then
        vim.api.nvim_buf_set_text(dx, row, col, row, to, { '' })
      elseif row + 1 < #lines then
        vim.api.nvim_buf_set_text(dx, row, col, row + 1, 0, { '' }) -- join the next line
      end
    end
  end
  snapshot(dx, 'q.dx', 'random edits, round ' .. round)
end

-- Latency from the keystroke to the diagnostics of that version, in a
-- file of 1,000 statements: a digit of its last "limit 10" typed back and
-- forth, $KEYS times.
local keys = tonumber(os.getenv('KEYS') or '0')
if keys > 0 then
  local big = open('big.dx')
  diagnostics(big, 'big.dx opened')
  local lines = vim.api.nvim_buf_get_lines(big, 0, -1, false)
  local row, col
  for i = #lines, 1, -1 do
    local c = lines[i]:find('limit 10', 1, true)
    if c then row, col = i - 1, c - 1 + #'limit 1' break end
  end
  results.latency = { row = row, col = col, ms = {} }
  for k = 1, keys do
    local digit = (k % 2 == 1) and '1' or '0'
    local t0 = vim.loop.hrtime()
    vim.api.nvim_buf_set_text(big, row, col, row, col + 1, { digit })
    diagnostics(big, 'big.dx keystroke ' .. k)
    table.insert(results.latency.ms, (vim.loop.hrtime() - t0) / 1e6)
  end
end

vim.lsp.stop_client(client_id)
finish()
