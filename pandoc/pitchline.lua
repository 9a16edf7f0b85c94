--[[ pitchline.lua: a Pandoc (and Quarto) Lua filter that turns Vega-Lite charts into Pitchline's
accessible figures (summary, data table, keyboard audio scrubber) through `pitchline render --fragment`.

  ```vega-lite                      an inline spec (data URLs relative to the working folder)
  { "mark": "line", … }
  ```

  ![](charts/temperature.vl.json)   a spec file, as an image alone in its paragraph
  ```{.pitchline spec="charts/temperature.vl.json"}
  ```                               the same, as an empty code block

  pandoc report.md --lua-filter pandoc/pitchline.lua -o report.html
  (Quarto: `filters: [pitchline.lua]` in the document's or project's YAML)

The binary is $PITCHLINE_BIN, else `pitchline` on PATH. Only HTML output is changed; other
formats keep the blocks as they are. A block's identifier (`{#rain}`) names its chart (ids
inside the page); otherwise a spec file's name, or pitchline-N. The first chart carries the
style, the help dialog and the page script; the others leave them out (`--no-page-parts`).
A spec Pitchline refuses stays as it was, with the reason on standard error. ]]

local binary = os.getenv("PITCHLINE_BIN") or "pitchline"
local count = 0
local used = {}

local function is_html()
  return FORMAT:match("html") ~= nil
end

-- A unique id: the one asked for, else `fallback`, else pitchline-N.
local function chart_id(wanted, fallback)
  local id = (wanted ~= nil and wanted ~= "") and wanted or fallback
  if id == nil or id == "" or used[id] or not id:match("^[%w_-]+$") then
    id = "pitchline-" .. count
  end
  used[id] = true
  return id
end

-- `pitchline render` of a spec file (path) or of spec text (stdin); a RawBlock, or nil with a warning.
local function render(path, text, id)
  count = count + 1
  local args = { "render", path or "-", "--fragment", "--id", chart_id(id, path and path:match("([^/]+)%.vl%.json$") or nil) }
  if count > 1 then table.insert(args, "--no-page-parts") end
  local ok, result = pcall(pandoc.pipe, binary, args, text or "")
  if not ok then
    io.stderr:write("pitchline.lua: " .. (path or "vega-lite block") .. ": not rendered (pitchline render: " .. tostring(type(result) == "table" and ("exit status " .. tostring(result.error_code)) or result) .. ")\n")
    count = count - 1
    return nil
  end
  return pandoc.RawBlock("html", result)
end

function CodeBlock(block)
  if not is_html() then return nil end
  if block.classes:includes("vega-lite") then
    return render(nil, block.text, block.identifier)
  end
  if block.classes:includes("pitchline") and block.attributes.spec then
    return render(block.attributes.spec, nil, block.identifier)
  end
end

function Para(para)
  if not is_html() or #para.content ~= 1 or para.content[1].t ~= "Image" then return nil end
  local image = para.content[1]
  if not image.src:match("%.vl%.json$") then return nil end
  return render(image.src, nil, image.identifier)
end
