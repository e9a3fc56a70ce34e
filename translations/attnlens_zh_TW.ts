<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_TW">
<context>
    <name>AboutBox</name>
    <message>
        <source>&lt;h3&gt;Attention Lens %1&lt;/h3&gt;&lt;p&gt;A desktop lab for scaled dot-product attention:&lt;/p&gt;&lt;p&gt;S = QK&lt;sup&gt;T&lt;/sup&gt;/&amp;radic;d&lt;sub&gt;k&lt;/sub&gt;, &amp;nbsp; A = softmax over keys of (S/T + M), &amp;nbsp; C = AV.&lt;/p&gt;&lt;p&gt;Rows are receiving queries, columns are source keys.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Attention Lens %1&lt;/h3&gt;&lt;p&gt;縮放點積注意力的桌面實驗室：&lt;/p&gt;&lt;p&gt;S = QK&lt;sup&gt;T&lt;/sup&gt;/&amp;radic;d&lt;sub&gt;k&lt;/sub&gt;, &amp;nbsp; A = 對鍵取 softmax(S/T + M), &amp;nbsp; C = AV。&lt;/p&gt;&lt;p&gt;列是接收的查詢，欄是來源的鍵。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Qt %1 (built with Qt %2)</source>
        <translation>Qt %1（建置時使用 Qt %2）</translation>
    </message>
    <message>
        <source>Free software under the MIT licence. Copyright &amp;copy; 2026 The Attention Lens authors.</source>
        <translation>採用 MIT 授權的自由軟體。Copyright &amp;copy; 2026 Attention Lens 作者群。</translation>
    </message>
    <message>
        <source>About Attention Lens</source>
        <translation>關於 Attention Lens</translation>
    </message>
</context>
<context>
    <name>BuiltinScenario</name>
    <message>
        <source>Notebook lesson: one query, three memories</source>
        <translation>筆記本課程：一個查詢、三個記憶</translation>
    </message>
    <message>
        <source>Step 2 of the notebook. The query [1, 0] is compared with memories A, B and C. A and C have the same dot product with it, so they get the same weight; B scores 0 but still receives weight.</source>
        <translation>筆記本的步驟 2。查詢 [1, 0] 與記憶 A、B、C 比較。A 與 C 和它的內積相同，所以得到相同的權重；B 的分數是 0，但仍分到權重。</translation>
    </message>
    <message>
        <source>Three queries (starts at T = 1)</source>
        <translation>三個查詢（起始 T = 1）</translation>
    </message>
    <message>
        <source>Step 6 of the notebook: the memory stays fixed while the query changes. The queries q1, q2 and q3 start at [1, 0], [0, 1] and [-1, 0] and rank the memories differently. It opens at temperature 1, standard attention; below 1 sharpens the weights, above 1 flattens them.</source>
        <translation>筆記本的步驟 6：記憶固定不動，改變的是查詢。查詢 q1、q2、q3 起始於 [1, 0]、[0, 1] 與 [-1, 0]，各自對記憶排出不同的順序。開啟時溫度為 1，即標準注意力；低於 1 使權重更集中，高於 1 使權重更平均。</translation>
    </message>
    <message>
        <source>Three queries, sharper (starts at T = 0.5)</source>
        <translation>三個查詢，較集中（起始 T = 0.5）</translation>
    </message>
    <message>
        <source>Step 6 of the notebook: the memory stays fixed while the query changes. The queries q1, q2 and q3 start at [1, 0], [0, 1] and [-1, 0] and rank the memories differently. It opens at temperature 0.5; below 1 sharpens the weights, above 1 flattens them.</source>
        <translation>筆記本的步驟 6：記憶固定不動，改變的是查詢。查詢 q1、q2、q3 起始於 [1, 0]、[0, 1] 與 [-1, 0]，各自對記憶排出不同的順序。開啟時溫度為 0.5；低於 1 使權重更集中，高於 1 使權重更平均。</translation>
    </message>
    <message>
        <source>Three queries, softer (starts at T = 2)</source>
        <translation>三個查詢，較平均（起始 T = 2）</translation>
    </message>
    <message>
        <source>Step 6 of the notebook: the memory stays fixed while the query changes. The queries q1, q2 and q3 start at [1, 0], [0, 1] and [-1, 0] and rank the memories differently. It opens at temperature 2; below 1 sharpens the weights, above 1 flattens them.</source>
        <translation>筆記本的步驟 6：記憶固定不動，改變的是查詢。查詢 q1、q2、q3 起始於 [1, 0]、[0, 1] 與 [-1, 0]，各自對記憶排出不同的順序。開啟時溫度為 2；低於 1 使權重更集中，高於 1 使權重更平均。</translation>
    </message>
    <message>
        <source>Causal self-attention</source>
        <translation>因果自注意力</translation>
    </message>
    <message>
        <source>Step 7 of the notebook: three tokens attend to themselves (Q = K), and each may only look at itself and earlier positions. The first row must be [1, 0, 0] and nothing above the diagonal gets weight.</source>
        <translation>筆記本的步驟 7：三個詞元對自身做注意力（Q = K），每個詞元只能看自己與之前的位置。第一列必須是 [1, 0, 0]，對角線以上的格子都不得到權重。</translation>
    </message>
    <message>
        <source>Causal mask and padding</source>
        <translation>因果遮罩與填充</translation>
    </message>
    <message>
        <source>Step 8 of the notebook: token 3 is padding, so no query may retrieve it. The causal permissions are combined with the padding permissions by AND.</source>
        <translation>筆記本的步驟 8：詞元 3 是填充，所以任何查詢都不可擷取它。因果的許可與填充的許可以 AND 結合。</translation>
    </message>
    <message>
        <source>Intervention: value of B changed</source>
        <translation>介入：改變 B 的值</translation>
    </message>
    <message>
        <source>Step 10 of the notebook: Q and K are held fixed and only the value of memory B becomes [100, 100]. The weights are unchanged; the context moves a long way.</source>
        <translation>筆記本的步驟 10：Q 與 K 保持不變，只有記憶 B 的值變成 [100, 100]。權重不變；上下文向量卻移動了很遠。</translation>
    </message>
    <message>
        <source>Intervention: memory B masked out</source>
        <translation>介入：遮罩記憶 B</translation>
    </message>
    <message>
        <source>Step 10 of the notebook: memory B is masked, and the remaining weights renormalise to 0.5 and 0.5.</source>
        <translation>筆記本的步驟 10：記憶 B 被遮罩，其餘的權重重新正規化為 0.5 與 0.5。</translation>
    </message>
    <message>
        <source>Practice: all keys identical</source>
        <translation>練習：所有鍵都相同</translation>
    </message>
    <message>
        <source>Practice 2: every key is the same vector, so every allowed key gets the same weight whatever the query. The third query masks memory C, which still gets exactly 0.</source>
        <translation>練習 2：每個鍵都是同一個向量，所以不論查詢為何，每個允許的鍵都得到相同的權重。第三個查詢遮罩了記憶 C，C 仍恰為 0。</translation>
    </message>
    <message>
        <source>Practice: one huge value</source>
        <translation>練習：一個巨大的值</translation>
    </message>
    <message>
        <source>Practice 3: memory C carries the value [10000, 10000]. The weights are those of the lesson, yet the context jumps.</source>
        <translation>練習 3：記憶 C 帶著值 [10000, 10000]。權重與課程中的相同，上下文向量卻大幅跳動。</translation>
    </message>
    <message>
        <source>Practice: cross-attention</source>
        <translation>練習：交叉注意力</translation>
    </message>
    <message>
        <source>Practice 5: two decoder steps (queries) attend over three encoder states (keys and values) of another sequence. Self-attention takes Q, K and V from one sequence; cross-attention takes Q from one stream and K, V from another.</source>
        <translation>練習 5：兩個解碼器步驟（查詢）對另一個序列的三個編碼器狀態（鍵與值）做注意力。自注意力的 Q、K、V 來自同一個序列；交叉注意力的 Q 來自一個序列，K、V 來自另一個。</translation>
    </message>
    <message>
        <source>memory A</source>
        <translation>記憶 A</translation>
    </message>
    <message>
        <source>memory B</source>
        <translation>記憶 B</translation>
    </message>
    <message>
        <source>memory C</source>
        <translation>記憶 C</translation>
    </message>
    <message>
        <source>token 1</source>
        <translation>詞元 1</translation>
    </message>
    <message>
        <source>token 2</source>
        <translation>詞元 2</translation>
    </message>
    <message>
        <source>token 3</source>
        <translation>詞元 3</translation>
    </message>
    <message>
        <source>token 3 (padding)</source>
        <translation>詞元 3（填充）</translation>
    </message>
    <message>
        <source>decoder 1</source>
        <translation>解碼器 1</translation>
    </message>
    <message>
        <source>decoder 2</source>
        <translation>解碼器 2</translation>
    </message>
    <message>
        <source>encoder A</source>
        <translation>編碼器 A</translation>
    </message>
    <message>
        <source>encoder B</source>
        <translation>編碼器 B</translation>
    </message>
    <message>
        <source>encoder C</source>
        <translation>編碼器 C</translation>
    </message>
    <message>
        <source>Two heads that specialise</source>
        <translation>兩個各有專長的注意力頭</translation>
    </message>
    <message>
        <source>Five tokens of one sentence, two heads over the same tokens and the same causal mask. The head "previous token" sends each token to the one just before it; the head "subject" sends every token from "cat" on to "cat". Same input, different questions: this is why a layer runs several heads. Press [ and ] to switch heads, and compare them in All heads.</source>
        <translation>同一句話的五個詞元，兩個注意力頭看的是同樣的詞元、同樣的因果遮罩。「前一個詞元」頭讓每個詞元看向它前面那一個；「主語」頭讓「貓」及其後的每個詞元都看向「貓」。輸入相同，問的問題不同：這就是一層要同時跑好幾個頭的原因。按 [ 和 ] 切換注意力頭，並在「所有注意力頭」中比較它們。</translation>
    </message>
    <message>
        <source>previous token</source>
        <translation>前一個詞元</translation>
    </message>
    <message>
        <source>subject</source>
        <translation>主語</translation>
    </message>
    <message>
        <source>Notebook lesson split into two heads</source>
        <translation>筆記本課程拆成兩個注意力頭</translation>
    </message>
    <message>
        <source>The lesson's query, keys and values (d_k = d_v = 2) cut into two heads of d_k = d_v = 1: head 1 gets the first coordinate of every vector, head 2 the second. Head 1 still prefers memories A and C; head 2 sees a query of 0 and spreads its weight evenly. Their contexts side by side are not the one-head context: splitting changes what is computed.</source>
        <translation>把課程的查詢、鍵與值（d_k = d_v = 2）切成兩個 d_k = d_v = 1 的注意力頭：頭 1 取每個向量的第一個座標，頭 2 取第二個。頭 1 仍偏好記憶 A 和 C；頭 2 看到的查詢是 0，於是把權重平均分給所有鍵。兩個頭的上下文並排後並不等於單一頭的上下文：拆分改變了計算的內容。</translation>
    </message>
    <message>
        <source>coordinate 1</source>
        <translation>座標 1</translation>
    </message>
    <message>
        <source>coordinate 2</source>
        <translation>座標 2</translation>
    </message>
    <message>
        <source>The</source>
        <translation>那隻</translation>
    </message>
    <message>
        <source>cat</source>
        <translation>貓</translation>
    </message>
    <message>
        <source>sat</source>
        <translation>坐</translation>
    </message>
    <message>
        <source>on</source>
        <translation>在</translation>
    </message>
    <message>
        <source>it</source>
        <translation>上面</translation>
    </message>
    <message>
        <source>The fixed-context bottleneck</source>
        <translation>固定上下文的瓶頸</translation>
    </message>
    <message>
        <source>Lesson step 1: six encoder states h1 to h6 (keys and values in 2-D) and three decoder queries that point three different ways. An encoder that passes on only its final state hands every decoder step the same context, the last value [2, -3] (or, as a second common choice, the mean of the values, [0, 0]); attention gives each query a context of its own.</source>
        <translation>課程第 1 步：六個編碼器狀態 h1 到 h6（鍵與值都是 2 維）和三個指向三個不同方向的解碼器查詢。只把最終狀態交出去的編碼器，會給解碼器的每一步同一個上下文：最後一個值 [2, -3]（或是另一個常見的選擇，所有值的平均 [0, 0]）；注意力則讓每個查詢得到自己的上下文。</translation>
    </message>
    <message>
        <source>Practice: where Q, K and V come from</source>
        <translation>練習：Q、K、V 從哪裡來</translation>
    </message>
    <message>
        <source>Practice 5: four tokens x1 to x4 live in a plane (d_model = 2). Each row of Q, K and V is its token times W_Q, W_K or W_V, so one token gives its query, its key and its value at once. Without a second stream this is self-attention; add Y and K and V come from Y instead: cross-attention.</source>
        <translation>練習 5：四個詞元 x1 到 x4 位在一個平面上（d_model = 2）。Q、K、V 的每一列都是對應詞元乘上 W_Q、W_K 或 W_V，所以一個詞元同時給出它的查詢、鍵與值。沒有第二個序列時是自注意力；加上 Y 之後 K 與 V 改由 Y 產生：交叉注意力。</translation>
    </message>
    <message>
        <source>decoder 3</source>
        <translation>解碼器 3</translation>
    </message>
    <message>
        <source>Practice: additive attention on an encoder-decoder</source>
        <translation>練習：編碼器–解碼器上的加性注意力</translation>
    </message>
    <message>
        <source>Practice 4: the hidden state of a decoder step (length 2) scores three encoder states (length 3) with Bahdanau's additive score w^T tanh(W_q q + W_k k). The weights W_q and W_k carry both into one space of size 3, so query and keys need not have the same length, and the encoder states themselves are the values. Nothing here removes the recurrence: the states can come from LSTMs.</source>
        <translation>練習 4：一個解碼器步驟的隱藏狀態（長度 2）以 Bahdanau 的加性分數 w^T tanh(W_q q + W_k k) 為三個編碼器狀態（長度 3）評分。權重 W_q 與 W_k 把兩者都帶進同一個大小為 3 的空間，所以查詢和鍵的長度不必相同；編碼器狀態本身就是值。這裡沒有拿掉遞迴：這些狀態可以來自 LSTM。</translation>
    </message>
</context>
<context>
    <name>MaskConvention</name>
    <message>
        <source>The mask was read from "allowed": True means the query may attend to that key, as in PyTorch's scaled_dot_product_attention.</source>
        <translation>遮罩取自「allowed」：True 表示該查詢可以關注這個鍵，與 PyTorch 的 scaled_dot_product_attention 相同。</translation>
    </message>
    <message>
        <source>The mask was read from "blocked": True means the query may not attend to that key, as in the attn_mask of PyTorch's nn.MultiheadAttention.</source>
        <translation>遮罩取自「blocked」：True 表示該查詢不可關注這個鍵，與 PyTorch nn.MultiheadAttention 的 attn_mask 相同。</translation>
    </message>
    <message>
        <source>The mask was read from "additive_mask": 0 is added to the score of a key the query may attend to, −∞ to the score of a key it may not.</source>
        <translation>遮罩取自「additive_mask」：查詢可關注的鍵，其分數加上 0；不可關注的鍵，其分數加上 −∞。</translation>
    </message>
    <message>
        <source>The mask was read from "key_padding_mask": True marks a padding key, which no query may attend to, as in nn.MultiheadAttention.</source>
        <translation>遮罩取自「key_padding_mask」：True 標記填充用的鍵，任何查詢都不可關注它，與 nn.MultiheadAttention 相同。</translation>
    </message>
    <message>
        <source>The file holds no mask: every query may attend to every key.</source>
        <translation>檔案中沒有遮罩：每個查詢都可以關注每個鍵。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1

Error category: %2</source>
        <translation>%1

錯誤類別：%2</translation>
    </message>
    <message>
        <source>Scenario not opened</source>
        <translation>未開啟情境</translation>
    </message>
</context>
<context>
    <name>RefusalText</name>
    <message>
        <source>undefined: no allowed key
“%1” may attend to no key, and softmax over no keys is undefined. Allow at least one key in its mask row.</source>
        <translation>未定義：沒有允許的鍵
「%1」不能對任何鍵做注意力，而對零個鍵做 softmax 沒有定義。請在它的遮罩列中至少允許一個鍵。</translation>
    </message>
    <message>
        <source>undefined: no allowed key for “%1”
The scenario cannot be computed until that query may attend to at least one key.</source>
        <translation>未定義：「%1」沒有允許的鍵
在該查詢至少能對一個鍵做注意力之前，這個情境無法計算。</translation>
    </message>
    <message>
        <source>a query</source>
        <translation>某個查詢</translation>
    </message>
    <message>
        <source>No numbers: the scenario cannot be computed</source>
        <translation>沒有數值：這個情境無法計算</translation>
    </message>
</context>
<context>
    <name>ViewStateMenus</name>
    <message>
        <source>&amp;Colour Map</source>
        <translation>色彩對應(&amp;C)</translation>
    </message>
    <message>
        <source>Show &amp;Values in Cells</source>
        <translation>在格子中顯示數值(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Heatmap Shows</source>
        <translation>熱圖顯示(&amp;H)</translation>
    </message>
    <message>
        <source>Softmax &amp;Weights</source>
        <translation>Softmax 權重(&amp;W)</translation>
    </message>
    <message>
        <source>Scaled &amp;Scores</source>
        <translation>縮放分數(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;nap Queries to 0.1 Grid</source>
        <translation>查詢對齊 0.1 格線(&amp;N)</translation>
    </message>
</context>
<context>
    <name>attnlens::AccessibleNumbers</name>
    <message>
        <source>undefined: no allowed key</source>
        <translation>未定義：沒有允許的鍵</translation>
    </message>
    <message>
        <source>not computed (%1)</source>
        <translation>未計算（%1）</translation>
    </message>
    <message>
        <source>no result</source>
        <translation>沒有結果</translation>
    </message>
    <message>
        <source>%1 masked</source>
        <translation>%1 已遮罩</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 and %2 lighter keys</source>
        <translation>%1，以及 %2 個權重較小的鍵</translation>
    </message>
    <message>
        <source>No queries.</source>
        <translation>沒有查詢。</translation>
    </message>
    <message>
        <source>Weights of query %1: %2.</source>
        <translation>查詢 %1 的權重：%2。</translation>
    </message>
    <message>
        <source>Weights of query %1: hidden until you reveal the lesson's answers.</source>
        <translation>查詢 %1 的權重：在揭曉課程答案之前隱藏。</translation>
    </message>
    <message>
        <source>Context of query %1: hidden until you reveal the lesson's answers.</source>
        <translation>查詢 %1 的上下文：在揭曉課程答案之前隱藏。</translation>
    </message>
    <message>
        <source>Context of query %1: not computed.</source>
        <translation>查詢 %1 的上下文：未計算。</translation>
    </message>
    <message>
        <source>Context of query %1: %2.</source>
        <translation>查詢 %1 的上下文：%2。</translation>
    </message>
</context>
<context>
    <name>attnlens::AllHeadsForward</name>
    <message>
        <source>Bring All Heads Forward</source>
        <translation>將「所有頭」移到前面</translation>
    </message>
    <message>
        <source>Show the all-heads view in front (while presenting: in the large place; again: back to the previous view)</source>
        <translation>將「所有頭」檢視顯示在前面（簡報時：放在大位置；再按一次：回到先前的檢視）</translation>
    </message>
</context>
<context>
    <name>attnlens::AllHeadsView</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>“%1” → “%2”: %3</source>
        <translation>「%1」→「%2」：%3</translation>
    </message>
    <message>
        <source>This scenario has one head. Rows: queries, columns: keys.</source>
        <translation>此情境只有一個頭。列：查詢，欄：鍵。</translation>
    </message>
    <message>
        <source>Rows: queries, columns: keys. Point at a cell to compare the heads; click one to select it.</source>
        <translation>列：查詢，欄：鍵。指向一個格子可比較各個頭；點選一個頭即可選取它。</translation>
    </message>
    <message>
        <source>Mean entropy per head, in nats: low = sharp, high = diffuse</source>
        <translation>各頭的平均熵（nats）：低 = 集中，高 = 分散</translation>
    </message>
    <message>
        <source>Mean entropy per head (nats)</source>
        <translation>各頭的平均熵（nats）</translation>
    </message>
    <message>
        <source>ln %1 = %2</source>
        <translation>ln %1 = %2</translation>
    </message>
    <message>
        <source>No weights to show: %1</source>
        <translation>沒有可顯示的權重：%1</translation>
    </message>
    <message>
        <source>Selected: %1.</source>
        <translation>已選取：%1。</translation>
    </message>
    <message>
        <source>Keyboard on %1; Enter selects it.</source>
        <translation>鍵盤位於 %1；按 Enter 即可選取。</translation>
    </message>
    <message>
        <source>Mean entropy in nats: %1.</source>
        <translation>平均熵（nats）：%1。</translation>
    </message>
    <message>
        <source>All heads</source>
        <translation>所有頭</translation>
    </message>
    <message>
        <source>Arrows: move the cell · Ctrl+arrows, Home, End: move between heads · Enter or Space: select the head</source>
        <translation>方向鍵：移動格子 · Ctrl+方向鍵、Home、End：在各頭之間移動 · Enter 或空白鍵：選取該頭</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1: mean entropy %2 nats (about %3 keys share the weight)</source>
        <translation>%1：平均熵 %2 nats（約有 %3 個鍵分享權重）</translation>
    </message>
    <message>
        <source>One head</source>
        <translation>一個頭</translation>
    </message>
    <message>
        <source>All %1 heads</source>
        <translation>全部 %1 個頭</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>One head: a matrix of %1 queries by %2 keys coloured by its weights.</source>
        <translation>一個頭：%1 個查詢乘 %2 個鍵的矩陣，依其權重著色。</translation>
    </message>
    <message>
        <source>%1 heads, each a matrix of %2 queries by %3 keys coloured by its weights.</source>
        <translation>%1 個頭，每個都是 %2 個查詢乘 %3 個鍵的矩陣，依其權重著色。</translation>
    </message>
    <message>
        <source>masked in every head (weight 0)</source>
        <translation>在每個頭中都被遮罩（權重 0）</translation>
    </message>
    <message>
        <source>+%1 more</source>
        <translation>另有 %1 個頭</translation>
    </message>
</context>
<context>
    <name>attnlens::Animation</name>
    <message>
        <source>The file could not be written.</source>
        <translation>無法寫入檔案。</translation>
    </message>
    <message>
        <source>The frames could not be kept in a temporary file in %1: %2</source>
        <translation>無法將畫格暫存於 %1 中的暫存檔：%2</translation>
    </message>
    <message>
        <source>no frame was stored</source>
        <translation>沒有儲存任何畫格</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>This animation would need about %1 of memory, more than the %2 an animation may use: choose fewer frames, a smaller size or 1×.</source>
        <translation>這段動畫約需 %1 記憶體，超過動畫可用的 %2：請減少畫格、縮小尺寸或改用 1×。</translation>
    </message>
    <message>
        <source>Animated GIF (*.gif)</source>
        <translation>GIF 動畫 (*.gif)</translation>
    </message>
    <message>
        <source>Animated WebP, lossless (*.webp)</source>
        <translation>WebP 動畫，無損 (*.webp)</translation>
    </message>
    <message>
        <source>Animated PNG (*.apng *.png)</source>
        <translation>PNG 動畫 (*.apng *.png)</translation>
    </message>
    <message>
        <source>A frame of the animation is empty.</source>
        <translation>動畫的某一格是空的。</translation>
    </message>
    <message>
        <source>A frame is %1 × %2 pixels, not %3 × %4 as the first.</source>
        <translation>有一格是 %1 × %2 像素，而不是與第一格相同的 %3 × %4。</translation>
    </message>
    <message>
        <source>The animation has no frames.</source>
        <translation>這段動畫沒有任何一格。</translation>
    </message>
    <message>
        <source>The PNG encoder failed: %1</source>
        <translation>PNG 編碼器失敗：%1</translation>
    </message>
    <message>
        <source>The PNG encoder wrote no PNG.</source>
        <translation>PNG 編碼器沒有寫出 PNG。</translation>
    </message>
    <message>
        <source>The PNG encoder wrote frames of different kinds.</source>
        <translation>PNG 編碼器寫出的各格格式不一致。</translation>
    </message>
    <message>
        <source>The GIF encoder failed: %1</source>
        <translation>GIF 編碼器失敗：%1</translation>
    </message>
    <message>
        <source>A GIF can be at most 65535 pixels wide and high.</source>
        <translation>GIF 的寬度和高度最多只能是 65535 像素。</translation>
    </message>
    <message>
        <source>The WebP encoder failed: %1</source>
        <translation>WebP 編碼器失敗：%1</translation>
    </message>
    <message>
        <source>A WebP can be at most %1 pixels wide and high.</source>
        <translation>WebP 的寬度和高度最多只能是 %1 像素。</translation>
    </message>
</context>
<context>
    <name>attnlens::AnimationActions</name>
    <message>
        <source>Recording Not Saved</source>
        <translation>錄製內容尚未儲存</translation>
    </message>
    <message>
        <source>The recording is not saved yet. Save it again, or discard its frames?</source>
        <translation>錄製內容還沒有儲存。要再儲存一次，還是捨棄這些畫格？</translation>
    </message>
    <message>
        <source>Save Again…</source>
        <translation>再儲存一次…</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>捨棄</translation>
    </message>
    <message>
        <source>Save a temperature sweep, a moving query or a causal mask as GIF, WebP or APNG</source>
        <translation>將溫度掃描、移動的查詢或因果遮罩存成 GIF、WebP 或 APNG</translation>
    </message>
    <message>
        <source>Stop the recording and save it as GIF, WebP or APNG</source>
        <translation>停止錄製，並存成 GIF、WebP 或 APNG</translation>
    </message>
    <message>
        <source>Record a view or the whole window while you work</source>
        <translation>在操作時錄下某個檢視或整個視窗</translation>
    </message>
    <message>
        <source>%1 is not a GIF, WebP or APNG file name: end it with .gif, .webp or .apng.</source>
        <translation>%1 不是 GIF、WebP 或 APNG 的檔名：請以 .gif、.webp 或 .apng 結尾。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Exporting Animation</source>
        <translation>正在匯出動畫</translation>
    </message>
    <message>
        <source>Animation export progress</source>
        <translation>動畫匯出進度</translation>
    </message>
    <message>
        <source>Export Animation</source>
        <translation>匯出動畫</translation>
    </message>
    <message>
        <source>Drawing and encoding %1…</source>
        <translation>正在繪製並編碼 %1…</translation>
    </message>
    <message>
        <source>Animation export cancelled; nothing was written.</source>
        <translation>已取消匯出動畫；沒有寫入任何檔案。</translation>
    </message>
    <message>
        <source>Animation not exported</source>
        <translation>動畫未匯出</translation>
    </message>
    <message>
        <source>Exported an animation of the %1 to %2.</source>
        <translation>已將%1的動畫匯出到 %2。</translation>
    </message>
    <message>
        <source>Recording not started</source>
        <translation>未開始錄製</translation>
    </message>
    <message>
        <source>Recording the %1. Stop with %2 or the Stop button.</source>
        <translation>正在錄製%1。按 %2 或「停止」按鈕結束。</translation>
    </message>
    <message>
        <source>recording</source>
        <translation>錄製</translation>
    </message>
    <message>
        <source>Save Recording</source>
        <translation>儲存錄製內容</translation>
    </message>
    <message>
        <source>Encoding %1…</source>
        <translation>正在編碼 %1…</translation>
    </message>
    <message>
        <source>Saved the recording to %1 (frames: %2).</source>
        <translation>已將錄製內容存到 %1（畫格數：%2）。</translation>
    </message>
    <message>
        <source>Recording not saved</source>
        <translation>錄製內容未儲存</translation>
    </message>
    <message>
        <source>The recording was discarded.</source>
        <translation>已捨棄錄製內容。</translation>
    </message>
    <message>
        <source>Export Ani&amp;mation…</source>
        <translation>匯出動畫(&amp;M)…</translation>
    </message>
    <message>
        <source>S&amp;top Recording</source>
        <translation>停止錄製(&amp;T)</translation>
    </message>
    <message>
        <source>S&amp;tart Recording…</source>
        <translation>開始錄製(&amp;T)…</translation>
    </message>
</context>
<context>
    <name>attnlens::AnimationExporter</name>
    <message>
        <source>%1: not written: %2</source>
        <translation>%1：未寫入：%2</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>%1 frames per second is out of range (%2 to %3).</source>
        <translation>每秒 %1 格超出範圍（%2 到 %3）。</translation>
    </message>
    <message>
        <source>the figure could not be drawn.</source>
        <translation>無法繪製圖表。</translation>
    </message>
    <message>
        <source>the recording has no frames.</source>
        <translation>這段錄製沒有任何一格。</translation>
    </message>
    <message>
        <source>each frame needs its delay.</source>
        <translation>每一格都需要自己的顯示時間。</translation>
    </message>
</context>
<context>
    <name>attnlens::AnimationRecorder</name>
    <message>
        <source>The recording stopped at its limit of %1 distinct frames.</source>
        <translation>錄製已停止：已達上限 %1 個不同的畫格。</translation>
    </message>
    <message>
        <source>The recording stopped at its longest length, %1 s.</source>
        <translation>錄製已停止：已達最長時間 %1 秒。</translation>
    </message>
</context>
<context>
    <name>attnlens::AttentionModel</name>
    <message>
        <source>Query %1 (%2) is the only query; a scenario needs at least one.</source>
        <translation>查詢 %1（%2）是唯一的查詢；情境至少需要一個查詢。</translation>
    </message>
    <message>
        <source>Key %1 (%2) is the only key; a scenario needs at least one.</source>
        <translation>鍵 %1（%2）是唯一的鍵；情境至少需要一個鍵。</translation>
    </message>
    <message>
        <source>Removing key %1 (%2) would leave row %3 (%4) with no allowed key: softmax over no keys is undefined. Allow another key in that row first.</source>
        <translation>移除鍵 %1（%2）會使第 %3 列（%4）沒有允許的鍵：對零個鍵做 softmax 沒有定義。請先在該列允許另一個鍵。</translation>
    </message>
    <message>
        <source>d_k must be at least 1, not %1.</source>
        <translation>d_k 至少須為 1，而不是 %1。</translation>
    </message>
    <message>
        <source>d_v must be at least 1, not %1.</source>
        <translation>d_v 至少須為 1，而不是 %1。</translation>
    </message>
    <message>
        <source>This scenario already has %1 heads, the most it may have.</source>
        <translation>這個情境已有 %1 個注意力頭，已達上限。</translation>
    </message>
    <message>
        <source>A scenario holds at most %1 queries and %1 keys, so that it can be saved and opened again.</source>
        <translation>一個情境最多只能有 %1 個查詢和 %1 個鍵，才能儲存後再次開啟。</translation>
    </message>
    <message>
        <source>d_k and d_v are at most %1, so that the scenario can be saved and opened again.</source>
        <translation>d_k 和 d_v 最多為 %1，情境才能儲存後再次開啟。</translation>
    </message>
    <message>
        <source>Q, K and V of every head together would hold %1 numbers, more than the %2 a scenario file may hold.</source>
        <translation>所有注意力頭的 Q、K、V 合計將有 %1 個數字，超過情境檔可容納的 %2 個。</translation>
    </message>
    <message>
        <source>A new head needs Q %1×%2, K %3×%2 and V %3×%4, the shapes of the other heads.</source>
        <translation>新的注意力頭需要 Q %1×%2、K %3×%2 與 V %3×%4，與其他注意力頭的形狀相同。</translation>
    </message>
    <message>
        <source>%1 is the only head; a scenario needs at least one.</source>
        <translation>%1 是唯一的注意力頭；一個情境至少需要一個。</translation>
    </message>
    <message>
        <source>Derive Q, K and V from tokens</source>
        <translation>從詞元推導 Q、K、V</translation>
    </message>
    <message>
        <source>Move token %1</source>
        <translation>移動詞元 %1</translation>
    </message>
    <message>
        <source>Q, K and V are not derived from tokens here.</source>
        <translation>這裡的 Q、K、V 不是從詞元推導的。</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>變更 %1</translation>
    </message>
    <message>
        <source>Cross-attention: K and V from Y</source>
        <translation>交叉注意力：K 與 V 來自 Y</translation>
    </message>
    <message>
        <source>Self-attention: Q, K and V from X</source>
        <translation>自注意力：Q、K、V 來自 X</translation>
    </message>
    <message>
        <source>Detach Q, K and V from the tokens</source>
        <translation>讓 Q、K、V 脫離詞元</translation>
    </message>
</context>
<context>
    <name>attnlens::AutoSaver</name>
    <message>
        <source>Autosave failed: %1</source>
        <translation>自動儲存失敗：%1</translation>
    </message>
    <message>
        <source>%1: not an Attention Lens autosave</source>
        <translation>%1：不是 Attention Lens 的自動儲存檔</translation>
    </message>
</context>
<context>
    <name>attnlens::BackgroundRead</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Opening</source>
        <translation>開啟中</translation>
    </message>
    <message>
        <source>Reading a file</source>
        <translation>正在讀取檔案</translation>
    </message>
</context>
<context>
    <name>attnlens::BarChartView</name>
    <message>
        <source>No query to show</source>
        <translation>沒有可顯示的查詢</translation>
    </message>
    <message>
        <source>The context is hidden until you reveal the answers (R).</source>
        <translation>上下文在你揭曉答案（R）之前隱藏。</translation>
    </message>
    <message>
        <source>The weights are hidden until you reveal the answers (R).</source>
        <translation>權重在你揭曉答案（R）之前隱藏。</translation>
    </message>
    <message>
        <source>the query</source>
        <translation>此查詢</translation>
    </message>
</context>
<context>
    <name>attnlens::BottleneckLabPainter</name>
    <message>
        <source>%1 and %2</source>
        <translation>%1 與 %2</translation>
    </message>
    <message>
        <source>● Attention: one context per query — %1 lie %2 apart: clearly different (≥ %3) ✓</source>
        <translation>● 注意力：每個查詢一個上下文 — %1 相距 %2：明顯不同（≥ %3）✓</translation>
    </message>
    <message>
        <source>● Attention: one context per query — widest pair %1, %2 apart (clearly different: ≥ %3)</source>
        <translation>● 注意力：每個查詢一個上下文 — 相距最遠的是 %1，相距 %2（明顯不同：≥ %3）</translation>
    </message>
    <message>
        <source>● Attention: widest gap %1 ≥ %2 ✓</source>
        <translation>● 注意力：最遠相距 %1 ≥ %2 ✓</translation>
    </message>
    <message>
        <source>● Attention: widest gap %1 (clearly different: ≥ %2)</source>
        <translation>● 注意力：最遠相距 %1（明顯不同：≥ %2）</translation>
    </message>
    <message>
        <source>Keys and queries (drag a query)</source>
        <translation>鍵與查詢（拖曳查詢）</translation>
    </message>
    <message>
        <source>Keys and queries</source>
        <translation>鍵與查詢</translation>
    </message>
    <message>
        <source>Values and contexts</source>
        <translation>值與上下文</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>值</translation>
    </message>
    <message>
        <source>The planes need keys and values of two coordinates (this scenario: d_k = %1, d_v = %2); the table still compares the contexts.</source>
        <translation>平面需要兩個座標的鍵與值（這個情境：d_k = %1，d_v = %2）；表格仍然比較各個上下文。</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查詢</translation>
    </message>
    <message>
        <source>● Attention C</source>
        <translation>● 注意力 C</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>未定義</translation>
    </message>
    <message>
        <source>● C</source>
        <comment>the attention context, in a narrow table</comment>
        <translation>● C</translation>
    </message>
    <message>
        <source>■ ◆ Fixed context, the same for every query: last state %1, mean %2</source>
        <translation>■ ◆ 固定上下文，每個查詢都一樣：最後狀態 %1，平均 %2</translation>
    </message>
    <message>
        <source>■ ◆ Fixed, for every query: last %1, mean %2</source>
        <translation>■ ◆ 固定，每個查詢都一樣：最後 %1，平均 %2</translation>
    </message>
    <message>
        <source>■ last %1 ◆ mean %2</source>
        <translation>■ 最後 %1 ◆ 平均 %2</translation>
    </message>
    <message>
        <source>● Attention: no context while the scenario is refused</source>
        <translation>● 注意力：情境被拒絕時沒有上下文</translation>
    </message>
    <message>
        <source>● Refused: no context</source>
        <translation>● 被拒絕：沒有上下文</translation>
    </message>
    <message>
        <source>● Attention: one context per query, hidden until you reveal: predict first</source>
        <translation>● 注意力：每個查詢一個上下文，揭曉前隱藏：先預測</translation>
    </message>
    <message>
        <source>● Attention's contexts: predict first</source>
        <translation>● 注意力的上下文：先預測</translation>
    </message>
    <message>
        <source>● Predict first</source>
        <translation>● 先預測</translation>
    </message>
    <message>
        <source>● Attention: one context per query</source>
        <translation>● 注意力：每個查詢一個上下文</translation>
    </message>
    <message>
        <source>● widest gap %1 ≥ %2 ✓</source>
        <translation>● 最遠相距 %1 ≥ %2 ✓</translation>
    </message>
    <message>
        <source>● widest gap %1 (clear: ≥ %2)</source>
        <translation>● 最遠相距 %1（明顯：≥ %2）</translation>
    </message>
    <message>
        <source>● widest gap %1</source>
        <translation>● 最遠相距 %1</translation>
    </message>
    <message>
        <source>◆ Distance from the mean</source>
        <translation>◆ 與平均的距離</translation>
    </message>
    <message>
        <source>◆ From mean</source>
        <translation>◆ 距平均</translation>
    </message>
    <message>
        <source>Keys, queries</source>
        <comment>a narrow plane's title</comment>
        <translation>鍵、查詢</translation>
    </message>
    <message>
        <source>◆ Dist.</source>
        <comment>distance from the mean, in a narrow table</comment>
        <translation>◆ 距離</translation>
    </message>
</context>
<context>
    <name>attnlens::BottleneckLabView</name>
    <message>
        <source>Bottleneck lab</source>
        <translation>瓶頸實驗</translation>
    </message>
    <message>
        <source>Drag a query's arrow · 1–9 or Q, Shift+Q: choose a query · arrows: move it by 0.1 (Shift: 0.01)</source>
        <translation>拖曳查詢的箭頭 · 1–9 或 Q、Shift+Q：選擇查詢 · 方向鍵：移動 0.1（Shift：0.01）</translation>
    </message>
    <message>
        <source>Fixed context for every query: last state %1 %2, mean of the values %3.</source>
        <translation>每個查詢的固定上下文：最後狀態 %1 %2，所有值的平均 %3。</translation>
    </message>
    <message>
        <source>Query %1 at %2: attention's context %3.</source>
        <translation>查詢 %1 位於 %2：注意力的上下文 %3。</translation>
    </message>
    <message>
        <source>The scenario is refused: no attention context.</source>
        <translation>情境被拒絕：沒有注意力上下文。</translation>
    </message>
    <message>
        <source>The contexts of %1 and %2 lie farthest apart: %3 (clearly different from %4).</source>
        <translation>%1 與 %2 的上下文相距最遠：%3（明顯不同的門檻是 %4）。</translation>
    </message>
    <message>
        <source>Drag query %1</source>
        <translation>拖曳查詢 %1</translation>
    </message>
    <message>
        <source>Nudge query %1</source>
        <translation>微調查詢 %1</translation>
    </message>
    <message>
        <source>Attention's contexts are hidden until you reveal the answers: predict first.</source>
        <translation>注意力的上下文在你揭曉答案之前隱藏：先預測。</translation>
    </message>
</context>
<context>
    <name>attnlens::ComparisonGrid</name>
    <message>
        <source>Comparison matrix</source>
        <translation>比較矩陣</translation>
    </message>
    <message>
        <source>A small matrix of numbers captured for a comparison; hover a cell for its full value.</source>
        <translation>為比較而擷取的小型數值矩陣；將滑鼠停在格子上可看完整數值。</translation>
    </message>
    <message>
        <source>Nothing to show yet.</source>
        <translation>目前沒有可顯示的內容。</translation>
    </message>
    <message>
        <source>%1. Colour scale from %2 (blue) through 0 (white) to %3 (red).</source>
        <translation>%1。色階從 %2（藍）經 0（白）到 %3（紅）。</translation>
    </message>
</context>
<context>
    <name>attnlens::ComparisonView</name>
    <message>
        <source>Intervention and snapshots</source>
        <translation>介入與快照</translation>
    </message>
    <message>
        <source>The current scenario before and after changing one value or masking one key, and the difference between two snapshots.</source>
        <translation>目前情境在改變一個值或遮罩一個鍵之前與之後的樣子，以及兩個快照之間的差異。</translation>
    </message>
    <message>
        <source>Intervention</source>
        <translation>介入</translation>
    </message>
    <message>
        <source>Set the value to 100</source>
        <translation>將值設為 100</translation>
    </message>
    <message>
        <source>Mask the key</source>
        <translation>遮罩此鍵</translation>
    </message>
    <message>
        <source>Key to change</source>
        <translation>要改變的鍵</translation>
    </message>
    <message>
        <source>of</source>
        <translation>對象：</translation>
    </message>
    <message>
        <source>Snapshot &amp;A</source>
        <translation>快照 &amp;A</translation>
    </message>
    <message>
        <source>Remember the current scenario and its numbers as A.</source>
        <translation>把目前的情境及其數值記為 A。</translation>
    </message>
    <message>
        <source>Snapshot &amp;B</source>
        <translation>快照 &amp;B</translation>
    </message>
    <message>
        <source>Remember the current scenario and its numbers as B.</source>
        <translation>把目前的情境及其數值記為 B。</translation>
    </message>
    <message>
        <source>A: not taken</source>
        <translation>A：尚未擷取</translation>
    </message>
    <message>
        <source>B: not taken</source>
        <translation>B：尚未擷取</translation>
    </message>
    <message>
        <source>Before: weights</source>
        <translation>之前：權重</translation>
    </message>
    <message>
        <source>After: value of %1 = 100</source>
        <translation>之後：%1 的值 = 100</translation>
    </message>
    <message>
        <source>After: %1 masked</source>
        <translation>之後：%1 被遮罩</translation>
    </message>
    <message>
        <source>This change would leave a query with no allowed key, so it has no result.</source>
        <translation>此變更會讓某個查詢沒有允許的鍵，因此沒有結果。</translation>
    </message>
    <message>
        <source>The current scenario is refused: %1</source>
        <translation>目前的情境被拒絕：%1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>after</source>
        <translation>之後</translation>
    </message>
    <message>
        <source>context %1</source>
        <translation>上下文 %1</translation>
    </message>
    <message>
        <source>Weights identical bit for bit; the context moved. The weights alone cannot tell you what the value did.</source>
        <translation>權重逐位元完全相同；上下文卻改變了。單看權重無法得知值造成了什麼影響。</translation>
    </message>
    <message>
        <source>Weights and context identical.</source>
        <translation>權重與上下文皆相同。</translation>
    </message>
    <message>
        <source>The weights changed: the remaining keys share the whole weight again (each row still sums to 1).</source>
        <translation>權重改變了：其餘的鍵重新分攤全部權重（每一列的總和仍為 1）。</translation>
    </message>
    <message>
        <source>Not taken: the current scenario is refused.</source>
        <translation>未擷取：目前的情境被拒絕。</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Weights B − A</source>
        <translation>權重 B − A</translation>
    </message>
    <message>
        <source>Take snapshot A, change something, take snapshot B.</source>
        <translation>先擷取快照 A，改變某些設定，再擷取快照 B。</translation>
    </message>
    <message>
        <source>A and B have different shapes (%1 × %2 and %3 × %4): there is no cell-by-cell difference.</source>
        <translation>A 與 B 的形狀不同（%1 × %2 與 %3 × %4）：無法逐格比較差異。</translation>
    </message>
    <message>
        <source>Largest weight change %1.</source>
        <translation>權重最大變化 %1。</translation>
    </message>
    <message>
        <source>Largest context change %1.</source>
        <translation>上下文最大變化 %1。</translation>
    </message>
    <message>
        <source>T %1 → %2</source>
        <translation>T %1 → %2</translation>
    </message>
    <message>
        <source>another shape</source>
        <translation>形狀不同</translation>
    </message>
    <message>
        <source>queries moved</source>
        <translation>查詢移動了</translation>
    </message>
    <message>
        <source>keys moved</source>
        <translation>鍵移動了</translation>
    </message>
    <message>
        <source>values changed</source>
        <translation>值改變了</translation>
    </message>
    <message>
        <source>mask changed</source>
        <translation>遮罩改變了</translation>
    </message>
    <message>
        <source>Snapshot %1 — %2, T = %3 (%4)</source>
        <translation>快照 %1 — %2，T = %3（%4）</translation>
    </message>
    <message>
        <source>— same scenario as A</source>
        <translation>— 與 A 的情境相同</translation>
    </message>
    <message>
        <source>— changed since A: %1</source>
        <translation>— 自 A 以來的變化：%1</translation>
    </message>
</context>
<context>
    <name>attnlens::ContextChartView</name>
    <message>
        <source>Context vector chart</source>
        <translation>上下文向量圖</translation>
    </message>
    <message>
        <source>Stacked bar chart of the selected query's context vector: for each dimension, the contribution weight times value of every key, stacked, and the context value marked by a diamond with its number.</source>
        <translation>所選查詢的上下文向量堆疊長條圖：每個維度堆疊各鍵的貢獻（權重乘以值），並以菱形及其數字標出上下文的值。</translation>
    </message>
    <message>
        <source>context = Σ wᵢ·vᵢ</source>
        <translation>上下文 = Σ wᵢ·vᵢ</translation>
    </message>
    <message>
        <source>context dimension</source>
        <translation>上下文維度</translation>
    </message>
    <message>
        <source>contribution wᵢ·vᵢ</source>
        <translation>貢獻 wᵢ·vᵢ</translation>
    </message>
    <message>
        <source>dim %1</source>
        <translation>維度 %1</translation>
    </message>
    <message>
        <source>%1 other keys</source>
        <translation>其他 %1 個鍵</translation>
    </message>
    <message>
        <source>%1 (masked)</source>
        <translation>%1（已遮罩）</translation>
    </message>
    <message>
        <source>context of %1 = Σ wᵢ·vᵢ</source>
        <translation>%1 的上下文 = Σ wᵢ·vᵢ</translation>
    </message>
    <message>
        <source>context of %1</source>
        <translation>%1 的上下文</translation>
    </message>
    <message>
        <source>%1, dim %2: w = %3 × v = %4 → %5</source>
        <translation>%1，維度 %2：w = %3 × v = %4 → %5</translation>
    </message>
    <message>
        <source> (masked)</source>
        <translation>（已遮罩）</translation>
    </message>
    <message>
        <source>%1 other keys, dim %2: Σ wᵢ·vᵢ = %3</source>
        <translation>其他 %1 個鍵，維度 %2：Σ wᵢ·vᵢ = %3</translation>
    </message>
    <message>
        <source>context of %1, dim %2: %3</source>
        <translation>%1 的上下文，維度 %2：%3</translation>
    </message>
    <message>
        <source>wᵢ·vᵢ</source>
        <translation>wᵢ·vᵢ</translation>
    </message>
    <message>
        <source>[C₁ … Cₕ]</source>
        <translation>[C₁ … Cₕ]</translation>
    </message>
    <message>
        <source>concatenate heads</source>
        <translation>串接各頭</translation>
    </message>
    <message>
        <source>Shows the context vectors of every head side by side, [C₁ … Cₕ], as a multi-head layer joins them before its output projection.</source>
        <translation>把每個頭的上下文向量並排顯示為 [C₁ … Cₕ]，就像多頭注意力層在輸出投影之前把它們接在一起。</translation>
    </message>
    <message>
        <source>Show the context of every head side by side, [C₁ … Cₕ] (H · d_v columns, head by head), instead of the shown head's context alone.</source>
        <translation>並排顯示每個頭的上下文 [C₁ … Cₕ]（H · d_v 欄，一個頭接一個頭），而不只顯示目前這個頭的上下文。</translation>
    </message>
    <message>
        <source>h%1 dim %2</source>
        <translation>頭%1 維度 %2</translation>
    </message>
    <message>
        <source>%1·%2</source>
        <comment>head, then dimension</comment>
        <translation>%1·%2</translation>
    </message>
    <message>
        <source>head · context dimension</source>
        <translation>頭 · 上下文維度</translation>
    </message>
    <message>
        <source>context of %1, heads concatenated [C₁ … C%2]</source>
        <translation>%1 的上下文，各頭串接 [C₁ … C%2]</translation>
    </message>
    <message>
        <source>concatenated context of %1</source>
        <translation>%1 的串接上下文</translation>
    </message>
    <message>
        <source>%1, %2, dim %3: w = %4 × v = %5 → %6</source>
        <translation>%1，%2，維度 %3：w = %4 × v = %5 → %6</translation>
    </message>
    <message>
        <source>%1 other keys, %2, dim %3: Σ wᵢ·vᵢ = %4</source>
        <translation>其他 %1 個鍵，%2，維度 %3：Σ wᵢ·vᵢ = %4</translation>
    </message>
    <message>
        <source>context of %1 in %2, dim %3 (column %4 of [C₁ … Cₕ]): %5</source>
        <translation>%1 在 %2 的上下文，維度 %3（[C₁ … Cₕ] 的第 %4 欄）：%5</translation>
    </message>
</context>
<context>
    <name>attnlens::Derivation</name>
    <message>
        <source>X needs at least one token with at least one coordinate.</source>
        <translation>X 至少需要一個詞元，且每個詞元至少要有一個座標。</translation>
    </message>
    <message>
        <source>Y needs at least one token.</source>
        <translation>Y 至少需要一個詞元。</translation>
    </message>
    <message>
        <source>The derivation is larger than a scenario may be.</source>
        <translation>這個推導超出了情境允許的大小。</translation>
    </message>
    <message>
        <source>Y has %1 coordinates per token but X has %2; both streams need the same d_model.</source>
        <translation>Y 的每個詞元有 %1 個座標，X 卻有 %2 個；兩個序列需要相同的 d_model。</translation>
    </message>
    <message>
        <source>%1 has %2 rows but d_model is %3; it needs one row per token coordinate.</source>
        <translation>%1 有 %2 列，但 d_model 是 %3；詞元的每個座標都需要一列。</translation>
    </message>
    <message>
        <source>%1 needs at least one column.</source>
        <translation>%1 至少需要一欄。</translation>
    </message>
    <message>
        <source>W_Q has %1 columns but W_K has %2; queries and keys need the same d_k.</source>
        <translation>W_Q 有 %1 欄，W_K 卻有 %2 欄；查詢與鍵需要相同的 d_k。</translation>
    </message>
    <message>
        <source>Every token coordinate and projection entry must be a finite number.</source>
        <translation>每個詞元座標與投影矩陣的每個元素都必須是有限的數。</translation>
    </message>
    <message>
        <source>Q, K and V can be derived from tokens in a one-head scenario only; this one has %1 heads, each with its own Q, K and V.</source>
        <translation>只有單頭情境能從詞元推導 Q、K、V；這個情境有 %1 個頭，每個頭都有自己的 Q、K、V。</translation>
    </message>
</context>
<context>
    <name>attnlens::DerivationLabView</name>
    <message>
        <source>Where Q, K and V come from</source>
        <translation>Q、K、V 從哪裡來</translation>
    </message>
    <message>
        <source>A lab: token embeddings X (and a second stream Y) in a plane and the projections W_Q, W_K and W_V. Each query is its token of X times W_Q; each key and value is its token times W_K and W_V, from Y in cross-attention and from X otherwise. Drag a token and its query, key and value move in every view.</source>
        <translation>實驗室：平面上的詞元嵌入 X（以及第二個序列 Y），和投影矩陣 W_Q、W_K、W_V。每個查詢是 X 中對應的詞元乘上 W_Q；每個鍵與值是對應的詞元乘上 W_K 與 W_V，交叉注意力時取自 Y，否則取自 X。拖曳一個詞元，它的查詢、鍵與值會在每個視圖中一起移動。</translation>
    </message>
    <message>
        <source>&amp;Cross-attention: a second stream Y gives K and V</source>
        <translation>交叉注意力：第二個序列 Y 給出 K 與 V(&amp;C)</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>Off: self-attention, Q, K and V all from X. On: Q from X, K and V from the tokens of Y.</source>
        <translation>關閉：自注意力，Q、K、V 都來自 X。開啟：Q 來自 X，K 與 V 來自 Y 的詞元。</translation>
    </message>
    <message>
        <source>&amp;Derive Q, K and V from tokens</source>
        <translation>從詞元推導 Q、K、V(&amp;D)</translation>
    </message>
    <message>
        <source>Replace Q, K and V by four tokens in a plane times W_Q, W_K and W_V</source>
        <translation>以平面上四個詞元乘上 W_Q、W_K、W_V 取代 Q、K、V</translation>
    </message>
    <message>
        <source>De&amp;tach: keep Q, K and V as numbers</source>
        <translation>脫離詞元：把 Q、K、V 保留為數字(&amp;T)</translation>
    </message>
    <message>
        <source>Stop deriving: Q, K and V keep their numbers and can be edited directly; the tokens and projections are dropped</source>
        <translation>停止推導：Q、K、V 保留目前的數字並可直接編輯；詞元與投影矩陣會被捨棄</translation>
    </message>
    <message>
        <source>%1 row %2, column %3</source>
        <translation>%1 第 %2 列第 %3 欄</translation>
    </message>
    <message>
        <source>%1 (d_model %2 × %3)</source>
        <translation>%1（d_model %2 × %3）</translation>
    </message>
    <message>
        <source>Start the lab to replace Q, K and V by tokens times projections; Edit &gt; Undo brings the typed numbers back.</source>
        <translation>開始實驗會以詞元乘上投影矩陣取代 Q、K、V；編輯 &gt; 復原可以找回原本輸入的數字。</translation>
    </message>
    <message>
        <source>Each query is its token of X times W_Q; each key and value is its token of Y times W_K and W_V.</source>
        <translation>每個查詢是 X 中對應的詞元乘上 W_Q；每個鍵與值是 Y 中對應的詞元乘上 W_K 與 W_V。</translation>
    </message>
    <message>
        <source>Each token of X gives one row of Q (times W_Q), of K (times W_K) and of V (times W_V).</source>
        <translation>X 的每個詞元給出 Q 的一列（乘上 W_Q）、K 的一列（乘上 W_K）與 V 的一列（乘上 W_V）。</translation>
    </message>
</context>
<context>
    <name>attnlens::DerivationPlane</name>
    <message>
        <source>Token plane</source>
        <translation>詞元平面</translation>
    </message>
    <message>
        <source>Q, K and V are typed in, not derived from tokens</source>
        <translation>Q、K、V 是直接輸入的，不是從詞元推導的</translation>
    </message>
    <message>
        <source>Q comes from X; K and V come from Y (cross-attention)</source>
        <translation>Q 來自 X；K 與 V 來自 Y（交叉注意力）</translation>
    </message>
    <message>
        <source>Q, K and V all come from X (self-attention)</source>
        <translation>Q、K、V 都來自 X（自注意力）</translation>
    </message>
    <message>
        <source>● X: tokens that ask (queries)   ■ Y: tokens that answer (keys, values)</source>
        <translation>● X：提問的詞元（查詢）   ■ Y：回答的詞元（鍵、值）</translation>
    </message>
    <message>
        <source>● X: each token gives a query, a key and a value</source>
        <translation>● X：每個詞元給出一個查詢、一個鍵和一個值</translation>
    </message>
    <message>
        <source>No tokens: Q, K and V of this scenario were typed in.</source>
        <translation>沒有詞元：這個情境的 Q、K、V 是直接輸入的。</translation>
    </message>
    <message>
        <source>Move token %1</source>
        <translation>移動詞元 %1</translation>
    </message>
    <message>
        <source>%1 (%2) at [%3, %4]</source>
        <translation>%1（%2）位於 [%3, %4]</translation>
    </message>
    <message>
        <source>%1, selected</source>
        <translation>%1，已選取</translation>
    </message>
    <message>
        <source>%1. Page Up and Page Down pick a token, the arrow keys move it (Shift: finer). Tokens: %2.</source>
        <translation>%1。Page Up 與 Page Down 選擇詞元，方向鍵移動它（按住 Shift 移動較細）。詞元：%2。</translation>
    </message>
</context>
<context>
    <name>attnlens::DocumentController</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>New scenario: two queries, three keys, d = 2.</source>
        <translation>新情境：兩個查詢、三個鍵，d = 2。</translation>
    </message>
    <message>
        <source>Scenario not opened</source>
        <translation>未開啟情境</translation>
    </message>
    <message>
        <source>%1 could not be opened.

%2</source>
        <translation>無法開啟 %1。

%2</translation>
    </message>
    <message>
        <source>Opened the scenario stored in %1.</source>
        <translation>已開啟儲存在 %1 中的情境。</translation>
    </message>
    <message>
        <source>Opened %1, the scenario file that %2 refers to.</source>
        <translation>已開啟 %1，即 %2 所指向的情境檔案。</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>已開啟 %1。</translation>
    </message>
    <message>
        <source>Opened the built-in scenario %1.</source>
        <translation>已開啟內建情境 %1。</translation>
    </message>
    <message>
        <source>Save Scenario As</source>
        <translation>另存情境</translation>
    </message>
    <message>
        <source>Attention Lens scenarios (*.json)</source>
        <translation>Attention Lens 情境 (*.json)</translation>
    </message>
    <message>
        <source>Scenario not saved</source>
        <translation>未儲存情境</translation>
    </message>
    <message>
        <source>%1 could not be saved. The previous file, if there was one, is unchanged, and the scenario is still open.

%2</source>
        <translation>無法儲存 %1。原有的檔案（若有）未被更動，情境仍保持開啟。

%2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已儲存 %1。</translation>
    </message>
    <message>
        <source>Export Evidence</source>
        <translation>匯出證據</translation>
    </message>
    <message>
        <source>Evidence JSON (*.json)</source>
        <translation>證據 JSON (*.json)</translation>
    </message>
    <message>
        <source>Evidence not exported</source>
        <translation>未匯出證據</translation>
    </message>
    <message>
        <source>%1 could not be written.

%2</source>
        <translation>無法寫入 %1。

%2</translation>
    </message>
    <message>
        <source>Evidence written to %1.</source>
        <translation>證據已寫入 %1。</translation>
    </message>
    <message>
        <source>Evidence written to %1 (it records why the scenario is refused).</source>
        <translation>證據已寫入 %1（其中記錄了情境被拒絕的原因）。</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未儲存的變更</translation>
    </message>
    <message>
        <source>“%1” has unsaved changes.</source>
        <translation>「%1」有未儲存的變更。</translation>
    </message>
    <message>
        <source>Save them before going on?</source>
        <translation>要先儲存再繼續嗎？</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>開啟情境</translation>
    </message>
    <message>
        <source>Restore unsaved scenario?</source>
        <translation>要還原未儲存的情境嗎？</translation>
    </message>
    <message>
        <source>Attention Lens did not close cleanly. Restore the unsaved scenario from %1?</source>
        <translation>Attention Lens 上次未正常關閉。要從 %1 還原未儲存的情境嗎？</translation>
    </message>
    <message>
        <source>“%1” was autosaved then. Discard deletes that copy.</source>
        <translation>當時已自動儲存「%1」。選擇「捨棄」會刪除該副本。</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>還原</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>捨棄</translation>
    </message>
    <message>
        <source>Autosave cannot be read</source>
        <translation>無法讀取自動儲存檔</translation>
    </message>
    <message>
        <source>Attention Lens did not close cleanly, but the copy of the unsaved scenario it kept cannot be read.</source>
        <translation>Attention Lens 上次未正常關閉，但它為未儲存情境保留的副本無法讀取。</translation>
    </message>
    <message>
        <source>The file is kept, unchanged, as %1. You can save a copy of it elsewhere, or show it in its folder.</source>
        <translation>該檔案已原封不動保留為 %1。您可以將副本儲存到其他位置，或在所在資料夾中顯示它。</translation>
    </message>
    <message>
        <source>Save a Copy…</source>
        <translation>儲存副本…</translation>
    </message>
    <message>
        <source>Show in Folder</source>
        <translation>在資料夾中顯示</translation>
    </message>
    <message>
        <source>Keep It There</source>
        <translation>保留在原處</translation>
    </message>
    <message>
        <source>%1 Note: %2</source>
        <translation>%1 注意：%2</translation>
    </message>
    <message>
        <source>Save a Copy of the Autosave</source>
        <translation>儲存自動儲存檔的副本</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 檔案 (*.json);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Copy not saved</source>
        <translation>未儲存副本</translation>
    </message>
    <message>
        <source>%1 could not be written: %2

The autosave is still kept as %3.</source>
        <translation>無法寫入 %1：%2

自動儲存檔仍保留為 %3。</translation>
    </message>
    <message>
        <source>Export as NumPy</source>
        <translation>匯出為 NumPy</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npz)</source>
        <translation>NumPy 陣列 (*.npz)</translation>
    </message>
    <message>
        <source>%1 could not be written. The previous file, if there was one, is unchanged.

%2</source>
        <translation>無法寫入 %1。原有的檔案（如果有）維持不變。

%2</translation>
    </message>
    <message>
        <source>%1 was not written: the scenario is refused, so there are no weights to export. Any previous file is unchanged.

%2</source>
        <translation>未寫入 %1：這個情境被拒絕計算，因此沒有權重可以匯出。原有的檔案維持不變。

%2</translation>
    </message>
    <message>
        <source>NumPy arrays not exported</source>
        <translation>未匯出 NumPy 陣列</translation>
    </message>
    <message>
        <source>NumPy arrays written to %1.</source>
        <translation>NumPy 陣列已寫入 %1。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在讀取 %1…</translation>
    </message>
    <message>
        <source>Capture not imported</source>
        <translation>未匯入擷取檔</translation>
    </message>
    <message>
        <source>%1 could not be imported.

%2</source>
        <translation>無法匯入 %1。

%2</translation>
    </message>
    <message>
        <source>Imported example %1 of %2 from %3.</source>
        <translation>已從 %3 匯入第 %1 個範例（共 %2 個）。</translation>
    </message>
    <message>
        <source>Imported %1.</source>
        <translation>已匯入 %1。</translation>
    </message>
    <message>
        <source>Scenarios, figures and NumPy captures (*.json *.png *.npz *.npy);;Scenarios (*.json);;Attention Lens figures (*.png);;NumPy captures (*.npz *.npy);;All files (*)</source>
        <translation>情境、圖片與 NumPy 擷取檔 (*.json *.png *.npz *.npy);;情境 (*.json);;Attention Lens 圖片 (*.png);;NumPy 擷取檔 (*.npz *.npy);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Import NumPy Capture</source>
        <translation>匯入 NumPy 擷取檔</translation>
    </message>
    <message>
        <source>NumPy captures (*.npz *.npy);;All files (*)</source>
        <translation>NumPy 擷取檔 (*.npz *.npy);;所有檔案 (*)</translation>
    </message>
</context>
<context>
    <name>attnlens::ErrorBanner</name>
    <message>
        <source>A matrix is empty</source>
        <translation>有矩陣是空的</translation>
    </message>
    <message>
        <source>The shapes do not fit</source>
        <translation>形狀不相符</translation>
    </message>
    <message>
        <source>A value is not a finite number</source>
        <translation>有數值不是有限數</translation>
    </message>
    <message>
        <source>The temperature must be above 0</source>
        <translation>溫度必須大於 0</translation>
    </message>
    <message>
        <source>Undefined: a query has no allowed key</source>
        <translation>未定義：有查詢沒有允許的鍵</translation>
    </message>
    <message>
        <source>A score overflows</source>
        <translation>有分數溢位</translation>
    </message>
    <message>
        <source>The scenario cannot be computed</source>
        <translation>無法計算此情境</translation>
    </message>
    <message>
        <source>Error banner</source>
        <translation>錯誤橫幅</translation>
    </message>
    <message>
        <source>Explains why the current scenario has no result.</source>
        <translation>說明目前的情境為何沒有結果。</translation>
    </message>
</context>
<context>
    <name>attnlens::ExportAnimationDialog</name>
    <message>
        <source>Needs about %1 of memory; an animation may use up to %2.</source>
        <translation>約需 %1 記憶體；動畫最多可用 %2。</translation>
    </message>
    <message>
        <source>At most %1 different frames are kept, about %2 of memory with saving them.</source>
        <translation>最多保留 %1 個不同的畫格，連同儲存約需 %2 記憶體。</translation>
    </message>
    <message>
        <source>Export Animation</source>
        <translation>匯出動畫</translation>
    </message>
    <message>
        <source>Start Recording</source>
        <translation>開始錄製</translation>
    </message>
    <message>
        <source>Export animation</source>
        <translation>匯出動畫</translation>
    </message>
    <message>
        <source>Start recording</source>
        <translation>開始錄製</translation>
    </message>
    <message>
        <source>Saves a view as an animated GIF, WebP or APNG of a temperature sweep, a moving query or a causal mask filled row by row.</source>
        <translation>將某個檢視存成動態 GIF、WebP 或 APNG，內容可以是溫度掃描、移動的查詢，或逐列填入的因果遮罩。</translation>
    </message>
    <message>
        <source>Records a view or the whole window while you work, drawn off screen at the chosen size and frame rate, until you stop it.</source>
        <translation>在你操作時錄下某個檢視或整個視窗，以選定的尺寸與影格率在螢幕外繪製，直到你停止為止。</translation>
    </message>
    <message>
        <source>View</source>
        <translation>檢視</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>檢視(&amp;V)：</translation>
    </message>
    <message>
        <source>What moves</source>
        <translation>變動的內容</translation>
    </message>
    <message>
        <source>Temperature sweep (logarithmic)</source>
        <translation>溫度掃描（對數刻度）</translation>
    </message>
    <message>
        <source>Query moves to a point</source>
        <translation>查詢移動到某一點</translation>
    </message>
    <message>
        <source>Query goes around the circle through the keys</source>
        <translation>查詢沿著通過各鍵的圓繞一圈</translation>
    </message>
    <message>
        <source>Causal mask, filled row by row</source>
        <translation>因果遮罩，逐列填入</translation>
    </message>
    <message>
        <source>&amp;Moves:</source>
        <translation>變動(&amp;M)：</translation>
    </message>
    <message>
        <source>Temperature of the first frame</source>
        <translation>第一個畫格的溫度</translation>
    </message>
    <message>
        <source>Temperature of the last frame</source>
        <translation>最後一個畫格的溫度</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>溫度(&amp;T)：</translation>
    </message>
    <message>
        <source>Query that moves</source>
        <translation>移動的查詢</translation>
    </message>
    <message>
        <source>&amp;Query:</source>
        <translation>查詢(&amp;Q)：</translation>
    </message>
    <message>
        <source>Target, first component</source>
        <translation>目標點，第一個分量</translation>
    </message>
    <message>
        <source>Target, second component</source>
        <translation>目標點，第二個分量</translation>
    </message>
    <message>
        <source>T&amp;arget point:</source>
        <translation>目標點(&amp;A)：</translation>
    </message>
    <message>
        <source>Number of frames</source>
        <translation>畫格數</translation>
    </message>
    <message>
        <source>F&amp;rames:</source>
        <translation>畫格數(&amp;R)：</translation>
    </message>
    <message>
        <source>Width in pixels</source>
        <translation>寬度（像素）</translation>
    </message>
    <message>
        <source>Height in pixels</source>
        <translation>高度（像素）</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source>Frames per second</source>
        <translation>每秒畫格數</translation>
    </message>
    <message>
        <source>&amp;Caption every frame with what it shows (temperature, mask, moving query)</source>
        <translation>每一格加上說明，寫出它呈現的狀態（溫度、遮罩、移動的查詢）(&amp;C)</translation>
    </message>
    <message>
        <source>Caption every frame</source>
        <translation>每一格加上說明</translation>
    </message>
    <message>
        <source> frames per second</source>
        <translation> 格／秒</translation>
    </message>
    <message>
        <source>S&amp;peed:</source>
        <translation>速度(&amp;P)：</translation>
    </message>
    <message>
        <source>St&amp;yle:</source>
        <translation>樣式(&amp;Y)：</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>匯出…</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>錄製</translation>
    </message>
    <message>
        <source>%1 frames of %2 × %3 pixels, %4 s at %5 frames per second.</source>
        <translation>%1 個 %2 × %3 像素的畫格，每秒 %5 格，共 %4 秒。</translation>
    </message>
    <message>
        <source>Frames of %1 × %2 pixels, %3 a second; a frame that shows no change only lengthens the one before it.</source>
        <translation>畫格為 %1 × %2 像素，每秒 %3 格；沒有變化的畫格只會延長前一個畫格的時間。</translation>
    </message>
    <message>
        <source>A query moves in the plane of its first two components, and the queries of this scenario have only one.</source>
        <translation>查詢是在其前兩個分量構成的平面上移動，但這個情境的查詢只有一個分量。</translation>
    </message>
    <message>
        <source>The query is already at this point: choose another target.</source>
        <translation>查詢已經在這一點上：請選擇另一個目標點。</translation>
    </message>
    <message>
        <source>The keys all lie at the origin, so no circle runs through them.</source>
        <translation>所有鍵都位於原點，沒有圓能通過它們。</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>解析度</translation>
    </message>
    <message>
        <source>1× (as on screen)</source>
        <translation>1×（與螢幕相同）</translation>
    </message>
    <message>
        <source>2× (sharp on slides and large screens)</source>
        <translation>2×（在投影片與大螢幕上清晰）</translation>
    </message>
    <message>
        <source>Resol&amp;ution:</source>
        <translation>解析度(&amp;U)：</translation>
    </message>
</context>
<context>
    <name>attnlens::ExportFigureDialog</name>
    <message>
        <source>1× (96 dpi, as on screen)</source>
        <translation>1×（96 dpi，與螢幕相同）</translation>
    </message>
    <message>
        <source>2× (192 dpi, sharp on slides)</source>
        <translation>2×（192 dpi，投影片上清晰）</translation>
    </message>
    <message>
        <source>300 dpi (print)</source>
        <translation>300 dpi（列印）</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自訂</translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation>匯出圖片</translation>
    </message>
    <message>
        <source>Export figure</source>
        <translation>匯出圖片</translation>
    </message>
    <message>
        <source>View</source>
        <translation>檢視</translation>
    </message>
    <message>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>PNG image (pixels; carries the scenario)</source>
        <translation>PNG 影像（像素；內含情境）</translation>
    </message>
    <message>
        <source>SVG drawing (vector, text stays text)</source>
        <translation>SVG 繪圖（向量，文字保持為文字）</translation>
    </message>
    <message>
        <source>PDF page (vector, one page)</source>
        <translation>PDF 頁面（向量，單頁）</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Width in logical pixels</source>
        <translation>寬度（邏輯像素）</translation>
    </message>
    <message>
        <source>Height in logical pixels</source>
        <translation>高度（邏輯像素）</translation>
    </message>
    <message>
        <source>As on screen</source>
        <translation>與螢幕相同</translation>
    </message>
    <message>
        <source>The size the view has in the window now</source>
        <translation>此檢視目前在視窗中的尺寸</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>解析度</translation>
    </message>
    <message>
        <source>Dots per inch</source>
        <translation>每英吋點數</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>Transparent background</source>
        <translation>透明背景</translation>
    </message>
    <message>
        <source>Leaves the area around the view unpainted, for slides with a coloured background</source>
        <translation>檢視周圍不上色，適用於有色背景的投影片</translation>
    </message>
    <message>
        <source>Caption under the figure:</source>
        <translation>圖片下方的說明文字：</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>說明文字</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>檢視(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>檔案(&amp;F)：</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>解析度(&amp;R)：</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <source>An image of %1 × %2 pixels.</source>
        <translation>%1 × %2 像素的影像。</translation>
    </message>
    <message>
        <source>A vector drawing of %1 × %2 pixels that stays sharp at any zoom.</source>
        <translation>%1 × %2 像素的向量繪圖，任何縮放下都保持清晰。</translation>
    </message>
    <message>
        <source>Figure not exported</source>
        <translation>未匯出圖片</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>資料夾 %1 不存在。</translation>
    </message>
    <message>
        <source>Replace File?</source>
        <translation>取代檔案？</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要取代它嗎？</translation>
    </message>
    <message>
        <source>Saves a view as a PNG image, an SVG drawing or a PDF page, at the chosen size, resolution and style, optionally with the selected query outlined and a caption.</source>
        <translation>以選定的尺寸、解析度與樣式，將檢視存成 PNG 影像、SVG 繪圖或 PDF 頁面，可選擇框出選取的查詢並加上說明文字。</translation>
    </message>
    <message>
        <source>The figure's colours and type, whatever the window shows now; the whole window is always drawn as it is</source>
        <translation>圖的配色與字型，不論視窗目前顯示哪一種；整個視窗則一律照原樣繪製</translation>
    </message>
    <message>
        <source>Show the selected query</source>
        <translation>標出選取的查詢</translation>
    </message>
    <message>
        <source>Outlines the selected query's row in the heatmap. Left out, a figure shows no selection, hover or focus.</source>
        <translation>在熱圖中框出選取查詢的那一列。不勾選時，圖中不會出現選取、滑鼠停留或焦點。</translation>
    </message>
    <message>
        <source>S&amp;tyle:</source>
        <translation>樣式(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>attnlens::Figure</name>
    <message>
        <source>Heatmap</source>
        <translation>熱圖</translation>
    </message>
    <message>
        <source>Key space</source>
        <translation>鍵空間</translation>
    </message>
    <message>
        <source>Weights chart</source>
        <translation>權重圖</translation>
    </message>
    <message>
        <source>Context chart</source>
        <translation>上下文圖</translation>
    </message>
    <message>
        <source>Mask grid</source>
        <translation>遮罩格</translation>
    </message>
    <message>
        <source>Worked numbers</source>
        <translation>計算過程</translation>
    </message>
    <message>
        <source>Whole window</source>
        <translation>整個視窗</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 影像 (*.png)</translation>
    </message>
    <message>
        <source>SVG vector drawing (*.svg)</source>
        <translation>SVG 向量繪圖 (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>無遮罩</translation>
    </message>
    <message>
        <source>causal mask</source>
        <translation>因果遮罩</translation>
    </message>
    <message>
        <source>%1 of %2 cells masked</source>
        <translation>%2 個格子中有 %1 個被遮罩</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>未命名情境</translation>
    </message>
    <message>
        <source>%1 — temperature T = %2 — %3</source>
        <translation>%1 — 溫度 T = %2 — %3</translation>
    </message>
    <message>
        <source>%1 — query %2 at (%3, %4)</source>
        <comment>the caption, then the moving query's label and its first two components</comment>
        <translation>%1 — 查詢 %2 位於 (%3, %4)</translation>
    </message>
    <message>
        <source>All heads</source>
        <translation>所有頭</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>the scenario, then the head shown</comment>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>√d_k lab</source>
        <translation>√d_k 實驗</translation>
    </message>
    <message>
        <source>Bottleneck lab</source>
        <translation>瓶頸實驗</translation>
    </message>
    <message>
        <source>Where Q, K and V come from</source>
        <translation>Q、K、V 從哪裡來</translation>
    </message>
    <message>
        <source>Score functions</source>
        <translation>分數函數</translation>
    </message>
</context>
<context>
    <name>attnlens::FigureExportActions</name>
    <message>
        <source>Export &amp;Figure…</source>
        <translation>匯出圖片(&amp;F)…</translation>
    </message>
    <message>
        <source>Save a view or the whole window as PNG, SVG or PDF</source>
        <translation>將一個檢視或整個視窗存成 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Copy as &amp;Image</source>
        <translation>複製為影像(&amp;I)</translation>
    </message>
    <message>
        <source>Copy this view to the clipboard as an image</source>
        <translation>將此檢視以影像形式複製到剪貼簿</translation>
    </message>
    <message>
        <source>&amp;Export Figure…</source>
        <translation>匯出圖片(&amp;E)…</translation>
    </message>
    <message>
        <source>Save this view as PNG, SVG or PDF</source>
        <translation>將此檢視存成 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Figure not exported</source>
        <translation>未匯出圖片</translation>
    </message>
    <message>
        <source>Exported the %1 to %2.</source>
        <translation>已將%1匯出至 %2。</translation>
    </message>
    <message>
        <source>The %1 could not be copied: it is too large.</source>
        <translation>無法複製%1：尺寸太大。</translation>
    </message>
    <message>
        <source>Copied the %1 as an image (%2 × %3 pixels).</source>
        <translation>已將%1複製為影像（%2 × %3 像素）。</translation>
    </message>
</context>
<context>
    <name>attnlens::FigureExporter</name>
    <message>
        <source>The whole window can only be exported while it is open.</source>
        <translation>只有在視窗開啟時才能匯出整個視窗。</translation>
    </message>
    <message>
        <source>The size %1 × %2 is out of range: each side must be from %3 to %4 pixels.</source>
        <translation>尺寸 %1 × %2 超出範圍：每邊必須介於 %3 到 %4 像素之間。</translation>
    </message>
    <message>
        <source>The resolution %1 dpi is out of range: it must be from %2 to %3 dpi.</source>
        <translation>解析度 %1 dpi 超出範圍：必須介於 %2 到 %3 dpi 之間。</translation>
    </message>
    <message>
        <source>A %1 × %2 pixel image is too large; choose a smaller size or resolution.</source>
        <translation>%1 × %2 像素的影像太大；請選擇較小的尺寸或解析度。</translation>
    </message>
    <message>
        <source>%1: not written: %2</source>
        <translation>%1：未寫入：%2</translation>
    </message>
    <message>
        <source>%1: not written: the figure could not be drawn.</source>
        <translation>%1：未寫入：無法繪製圖片。</translation>
    </message>
</context>
<context>
    <name>attnlens::FigureStyleCombo</name>
    <message>
        <source>Style</source>
        <translation>樣式</translation>
    </message>
    <message>
        <source>As on screen</source>
        <translation>與螢幕相同</translation>
    </message>
    <message>
        <source>Light (print: dark text on white)</source>
        <translation>淺色（列印：白底深色文字）</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Projector (high contrast, bigger text)</source>
        <translation>投影機（高對比、較大文字）</translation>
    </message>
</context>
<context>
    <name>attnlens::FrameworkConvention</name>
    <message>
        <source>Refuse (this lesson)</source>
        <translation>拒絕（本課程）</translation>
    </message>
    <message>
        <source>NaN (softmax over −∞)</source>
        <translation>NaN（對 −∞ 做 softmax）</translation>
    </message>
    <message>
        <source>Uniform (fill with −1e9)</source>
        <translation>均勻（以 −1e9 填入）</translation>
    </message>
    <message>
        <source>Zeros (recent PyTorch SDPA)</source>
        <translation>全零（近期 PyTorch SDPA）</translation>
    </message>
    <message>
        <source>The row has no allowed key, so it has no answer: Attention Lens stops and says which row it is.</source>
        <translation>這一列沒有允許的鍵，所以沒有答案：Attention Lens 會停下來並指出是哪一列。</translation>
    </message>
    <message>
        <source>Every score is −∞; subtracting the maximum gives −∞ − (−∞) = NaN, and the NaN spreads into the context.</source>
        <translation>每個分數都是 −∞；減去最大值得到 −∞ − (−∞) = NaN，而 NaN 會擴散到上下文向量。</translation>
    </message>
    <message>
        <source>Masked scores are replaced by a large finite number; all are equal, so softmax gives every masked key 1/N — weight on keys that were forbidden.</source>
        <translation>被遮罩的分數換成一個很大的有限負數；它們全部相等，所以 softmax 給每個被遮罩的鍵 1/N：權重落在原本禁止的鍵上。</translation>
    </message>
    <message>
        <source>The row comes out as zeros: no NaN, but a context of 0 that looks like a real answer.</source>
        <translation>這一列輸出全零：沒有 NaN，但上下文向量為 0，看起來像真正的答案。</translation>
    </message>
    <message>
        <source>undefined: no allowed key</source>
        <translation>未定義：沒有允許的鍵</translation>
    </message>
</context>
<context>
    <name>attnlens::HeadEditor</name>
    <message>
        <source>Heads</source>
        <translation>注意力頭</translation>
    </message>
    <message>
        <source>The name of the head whose Q, K and V the tables edit, and buttons to add a head (a copy of this one) or remove this head.</source>
        <translation>表格所編輯的 Q、K、V 屬於哪個頭、它的名稱，以及新增一個頭（複製這個頭）或移除這個頭的按鈕。</translation>
    </message>
    <message>
        <source>Head na&amp;me</source>
        <translation>頭的名稱(&amp;M)</translation>
    </message>
    <message>
        <source>head name</source>
        <translation>頭的名稱</translation>
    </message>
    <message>
        <source>The name of the head the tables edit, shown in the views' titles and the figures' captions; press Enter to rename. Empty: its number.</source>
        <translation>表格所編輯的頭的名稱，會顯示在各視圖標題與圖表說明中；按 Enter 重新命名。留空則以編號稱呼。</translation>
    </message>
    <message>
        <source>Add Hea&amp;d</source>
        <translation>新增頭(&amp;D)</translation>
    </message>
    <message>
        <source>Add a head: a copy of this head's Q, K and V, to be edited into one that attends differently</source>
        <translation>新增一個頭：複製這個頭的 Q、K、V，再把它改成注意方式不同的頭</translation>
    </message>
    <message>
        <source>Remo&amp;ve Head</source>
        <translation>移除頭(&amp;V)</translation>
    </message>
    <message>
        <source>Remove this head with its Q, K and V; a scenario keeps at least one</source>
        <translation>移除這個頭及其 Q、K、V；情境至少保留一個頭</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>新增 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Rename %1 to %2</source>
        <translation>將 %1 重新命名為 %2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <comment>head k of H</comment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>head %1 of %2</source>
        <translation>第 %1 個頭，共 %2 個</translation>
    </message>
</context>
<context>
    <name>attnlens::HeadSelector</name>
    <message>
        <source>Head</source>
        <translation>注意力頭</translation>
    </message>
    <message>
        <source>Chooses which attention head every view shows; [ and ] step to the previous and the next head.</source>
        <translation>選擇每個視圖顯示哪一個注意力頭；[ 和 ] 切換到上一個和下一個頭。</translation>
    </message>
    <message>
        <source>He&amp;ad</source>
        <translation>頭(&amp;A)</translation>
    </message>
    <message>
        <source>head shown</source>
        <translation>顯示的頭</translation>
    </message>
    <message>
        <source>The attention head that every view shows. Labels, the mask and the temperature are shared by all heads.</source>
        <translation>每個視圖所顯示的注意力頭。標籤、遮罩與溫度由所有頭共用。</translation>
    </message>
    <message>
        <source>The head every view shows; [ and ] step to the previous and the next head. Rename, add and remove heads in the Matrices panel.</source>
        <translation>每個視圖所顯示的頭；[ 和 ] 切換到上一個和下一個頭。在「矩陣」面板中可重新命名、新增和移除頭。</translation>
    </message>
    <message>
        <source>heads of the scenario</source>
        <translation>情境中的各個頭</translation>
    </message>
    <message>
        <source>head number</source>
        <translation>頭的編號</translation>
    </message>
    <message>
        <source>Pre&amp;vious Head</source>
        <translation>上一個頭(&amp;V)</translation>
    </message>
    <message>
        <source>Show the previous attention head in every view.</source>
        <translation>在每個視圖中顯示上一個注意力頭。</translation>
    </message>
    <message>
        <source>Ne&amp;xt Head</source>
        <translation>下一個頭(&amp;X)</translation>
    </message>
    <message>
        <source>Show the next attention head in every view.</source>
        <translation>在每個視圖中顯示下一個注意力頭。</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <comment>head k of H</comment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Head %1: %2. Labels, the mask and the temperature are shared by all heads.</source>
        <translation>頭 %1：%2。標籤、遮罩與溫度由所有頭共用。</translation>
    </message>
</context>
<context>
    <name>attnlens::HeadTitle</name>
    <message>
        <source>head %1</source>
        <translation>頭 %1</translation>
    </message>
    <message>
        <source>head %1 %2</source>
        <comment>a head's number, then its quoted name</comment>
        <translation>頭 %1 %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>a title, then the head it shows</comment>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>attnlens::HeatmapView</name>
    <message>
        <source>The scores are hidden until you reveal the answers (R).</source>
        <translation>分數在你揭曉答案（R）之前隱藏。</translation>
    </message>
    <message>
        <source>The weights are hidden until you reveal the answers (R).</source>
        <translation>權重在你揭曉答案（R）之前隱藏。</translation>
    </message>
    <message>
        <source>Attention heatmap</source>
        <translation>注意力熱圖</translation>
    </message>
    <message>
        <source>Undefined: %1 may attend to no key, and softmax over no keys is undefined. Allow a key in its mask row to see the numbers again.</source>
        <translation>未定義：%1 沒有可以關注的鍵，而對零個鍵做 softmax 沒有定義。在它的遮罩列中允許一個鍵，即可再看到數值。</translation>
    </message>
    <message>
        <source>The scenario has no queries or no keys.</source>
        <translation>此情境沒有查詢或沒有鍵。</translation>
    </message>
    <message>
        <source>key / source</source>
        <translation>鍵／來源</translation>
    </message>
    <message>
        <source>query / destination</source>
        <translation>查詢／目的</translation>
    </message>
    <message>
        <source>Attention weights  A = softmax(S / T)</source>
        <translation>注意力權重  A = softmax(S / T)</translation>
    </message>
    <message>
        <source>colour scale ±max|S| = ±%1</source>
        <translation>色階 ±max|S| = ±%1</translation>
    </message>
    <message>
        <source>“%1” → “%2”</source>
        <translation>「%1」→「%2」</translation>
    </message>
    <message>
        <source>q·k = %1</source>
        <translation>q·k = %1</translation>
    </message>
    <message>
        <source>weight undefined: no allowed key</source>
        <translation>權重未定義：沒有允許的鍵</translation>
    </message>
    <message>
        <source>no weights while the scenario is refused</source>
        <translation>情境被拒絕時沒有權重</translation>
    </message>
    <message>
        <source>S = %1</source>
        <translation>S = %1</translation>
    </message>
    <message>
        <source>S/T = %1</source>
        <translation>S/T = %1</translation>
    </message>
    <message>
        <source>weight = 0 (masked)</source>
        <translation>權重 = 0（已遮罩）</translation>
    </message>
    <message>
        <source>weight = %1</source>
        <translation>權重 = %1</translation>
    </message>
    <message>
        <source>S / T = %1 (T = %2)</source>
        <translation>S / T = %1（T = %2）</translation>
    </message>
    <message>
        <source>Hover a cell for q·k, S, S/T and its weight</source>
        <translation>將滑鼠停在格子上可看 q·k、S、S/T 及其權重</translation>
    </message>
    <message>
        <source>click a row to select its query</source>
        <translation>點選一列以選取其查詢</translation>
    </message>
    <message>
        <source>Attention weights of %1 queries (rows) over %2 keys (columns), coloured on a fixed scale from 0 to 1.</source>
        <translation>%1 個查詢（列）對 %2 個鍵（欄）的注意力權重，以 0 到 1 的固定色階著色。</translation>
    </message>
    <message>
        <source>Masked cells are hatched. Hover a cell for its numbers; click a row or use the Up and Down keys to select a query.</source>
        <translation>被遮罩的格子以斜線標示。將滑鼠停在格子上可看其數值；點選一列或用上、下方向鍵選取查詢。</translation>
    </message>
    <message>
        <source>No heatmap: the scenario cannot be computed</source>
        <translation>沒有熱圖：無法計算此情境</translation>
    </message>
    <message>
        <source>Too small to draw the matrix</source>
        <translation>太小，無法繪製矩陣</translation>
    </message>
    <message>
        <source>Enlarge this view to see the heatmap.</source>
        <translation>放大此檢視以查看熱圖。</translation>
    </message>
    <message>
        <source>undefined: no allowed key</source>
        <translation>未定義：沒有允許的鍵</translation>
    </message>
    <message>
        <source>“%1”: click to select this query</source>
        <translation>「%1」：點選以選取此查詢</translation>
    </message>
    <message>
        <source>Up / Down: select a query · Left / Right: move along the keys · Enter or Space: select the outlined row's query</source>
        <translation>上 / 下：選擇查詢 · 左 / 右：沿著鍵移動 · Enter 或空白鍵：選取外框列的查詢</translation>
    </message>
    <message>
        <source>Scaled scores  S = QKᵀ / √dₖ</source>
        <translation>縮放分數  S = QKᵀ / √dₖ</translation>
    </message>
    <message>
        <source>S = q·k / √dₖ = %1</source>
        <translation>S = q·k / √dₖ = %1</translation>
    </message>
    <message>
        <source>%1 masked</source>
        <translation>%1 已遮罩</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Selected query %1, weights: %2.</source>
        <translation>所選查詢 %1，權重：%2。</translation>
    </message>
    <message>
        <source>No weights: %1.</source>
        <translation>沒有權重：%1。</translation>
    </message>
    <message>
        <source>no result</source>
        <translation>沒有結果</translation>
    </message>
    <message>
        <source>Keyboard cell %1 → %2: %3.</source>
        <translation>鍵盤格 %1 → %2：%3。</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已遮罩</translation>
    </message>
    <message>
        <source>and %1 more keys</source>
        <translation>以及另外 %1 個鍵</translation>
    </message>
    <message>
        <source>Scaled scores of %1 queries (rows) over %2 keys (columns), coloured on a scale symmetric about 0: blue below 0, white at 0, red above.</source>
        <translation>%1 個查詢（列）對 %2 個鍵（欄）的縮放分數，以對 0 對稱的色階著色：小於 0 為藍色，0 為白色，大於 0 為紅色。</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查詢</translation>
    </message>
    <message>
        <source>Scaled scores</source>
        <translation>縮放分數</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>注意力權重</translation>
    </message>
    <message>
        <source>Scores  S = Q W Kᵀ</source>
        <translation>分數  S = Q W Kᵀ</translation>
    </message>
    <message>
        <source>Scores  Sᵢⱼ = wᵀ tanh(W_q qᵢ + W_k kⱼ)</source>
        <translation>分數  Sᵢⱼ = wᵀ tanh(W_q qᵢ + W_k kⱼ)</translation>
    </message>
    <message>
        <source>S = q W kᵀ</source>
        <translation>S = q W kᵀ</translation>
    </message>
    <message>
        <source>S = wᵀ tanh(W_q q + W_k k)</source>
        <translation>S = wᵀ tanh(W_q q + W_k k)</translation>
    </message>
    <message>
        <source>Hover a cell for its score S, S/T and its weight</source>
        <translation>將滑鼠停在格子上可看其分數 S、S/T 及其權重</translation>
    </message>
</context>
<context>
    <name>attnlens::KeySpaceDimensionPicker</name>
    <message>
        <source>Horizontal:</source>
        <translation>水平：</translation>
    </message>
    <message>
        <source>Key coordinate shown horizontally</source>
        <translation>水平顯示的鍵座標</translation>
    </message>
    <message>
        <source>Vertical:</source>
        <translation>垂直：</translation>
    </message>
    <message>
        <source>Key coordinate shown vertically</source>
        <translation>垂直顯示的鍵座標</translation>
    </message>
    <message>
        <source>dimension %1</source>
        <translation>維度 %1</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>顯示：</translation>
    </message>
    <message>
        <source>Plane shown in the key space</source>
        <translation>鍵空間中顯示的平面</translation>
    </message>
    <message>
        <source>principal plane</source>
        <translation>主平面</translation>
    </message>
    <message>
        <source>two key coordinates</source>
        <translation>兩個鍵座標</translation>
    </message>
    <message>
        <source>The two directions in which the keys spread most</source>
        <translation>鍵分散程度最大的兩個方向</translation>
    </message>
</context>
<context>
    <name>attnlens::KeySpaceInteraction</name>
    <message>
        <source>Drag key %1</source>
        <translation>拖曳鍵 %1</translation>
    </message>
    <message>
        <source>Drag query %1</source>
        <translation>拖曳查詢 %1</translation>
    </message>
    <message>
        <source>Nudge query %1</source>
        <translation>微調查詢 %1</translation>
    </message>
    <message>
        <source>Nudge key %1</source>
        <translation>微調鍵 %1</translation>
    </message>
</context>
<context>
    <name>attnlens::KeySpaceView</name>
    <message>
        <source>hidden until you reveal the lesson's answers</source>
        <translation>在揭曉課程答案之前隱藏</translation>
    </message>
    <message>
        <source>Key space</source>
        <translation>鍵空間</translation>
    </message>
    <message>
        <source>Keys are labelled points and queries are arrows from the origin, with equal scales on both axes. Drag an arrow's tip to move that query (it also becomes the selected query); hold Ctrl and drag a key to move it (its value row stays paired with it). Arrow keys nudge the selected query by 0.1, Shift+arrow keys by 0.01. The selected query shows its dot product q·k with every key; each key's halo grows with its weight for that query; masked keys are hollow and grey.</source>
        <translation>鍵是有標籤的點，查詢是從原點出發的箭頭，兩軸比例相同。拖曳箭頭尖端可移動該查詢（它也會成為所選查詢）；按住 Ctrl 拖曳鍵可移動它（其值列仍與它配對）。方向鍵將所選查詢微調 0.1，Shift+方向鍵微調 0.01。所選查詢會顯示它與每個鍵的內積 q·k；每個鍵的光暈隨它對該查詢的權重變大；被遮罩的鍵為空心灰色。</translation>
    </message>
    <message>
        <source>showing dimensions %1 and %2 of %3; other coordinates unchanged</source>
        <translation>顯示 %3 個維度中的第 %1 與第 %2 維；其他座標不變</translation>
    </message>
    <message>
        <source>drag arrows to move queries · Ctrl+drag moves keys</source>
        <translation>拖曳箭頭可移動查詢 · Ctrl+拖曳可移動鍵</translation>
    </message>
    <message>
        <source> · snapping to 0.1</source>
        <translation> · 對齊到 0.1</translation>
    </message>
    <message>
        <source>Weights undefined: no allowed key for query %1 (%2). Allow at least one key in its mask row; points stay draggable.</source>
        <translation>權重未定義：查詢 %1（%2）沒有允許的鍵。請在它的遮罩列中至少允許一個鍵；點仍可拖曳。</translation>
    </message>
    <message>
        <source>Result undefined: %1. Weights are not shown; points stay draggable.</source>
        <translation>結果未定義：%1。不顯示權重；點仍可拖曳。</translation>
    </message>
    <message>
        <source>the scenario cannot be computed</source>
        <translation>無法計算此情境</translation>
    </message>
    <message>
        <source>key dimension %1</source>
        <translation>鍵維度 %1</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已遮罩</translation>
    </message>
    <message>
        <source>k = %1</source>
        <translation>k = %1</translation>
    </message>
    <message>
        <source>q·k = %1 (query %2)</source>
        <translation>q·k = %1（查詢 %2）</translation>
    </message>
    <message>
        <source>masked for this query: weight exactly 0</source>
        <translation>對此查詢被遮罩：權重恰為 0</translation>
    </message>
    <message>
        <source>weight = %1</source>
        <translation>權重 = %1</translation>
    </message>
    <message>
        <source>weight undefined (see the note)</source>
        <translation>權重未定義（見說明）</translation>
    </message>
    <message>
        <source>Ctrl+drag to move this key; its value row stays paired</source>
        <translation>Ctrl+拖曳可移動此鍵；其值列仍保持配對</translation>
    </message>
    <message>
        <source>%1
q = %2
drag the tip to move it; arrow keys nudge the selected query</source>
        <translation>%1
q = %2
拖曳尖端可移動它；方向鍵可微調所選查詢</translation>
    </message>
    <message>
        <source>score q·k/√d_k = %1</source>
        <translation>分數 q·k/√d_k = %1</translation>
    </message>
    <message>
        <source>Keys are labelled points and queries are arrows from the origin, with equal scales on both axes. Drag an arrow's tip to move that query; hold Ctrl and drag a key to move it. From the keyboard: Q and Shift+Q choose the query, K and Shift+K choose a key, the arrow keys move what is chosen by 0.1 (with Shift by 0.01), Escape goes back to the query.</source>
        <translation>鍵是有標籤的點，查詢是從原點出發的箭頭，兩軸比例相同。拖曳箭頭尖端可移動該查詢；按住 Ctrl 拖曳鍵可移動鍵。鍵盤操作：Q 與 Shift+Q 選擇查詢，K 與 Shift+K 選擇鍵，方向鍵將所選項目移動 0.1（按住 Shift 為 0.01），Esc 回到查詢。</translation>
    </message>
    <message>
        <source>Q / Shift+Q: choose the query · K / Shift+K: choose a key · arrow keys: move it by 0.1 (Shift: 0.01) · Esc: back to the query</source>
        <translation>Q / Shift+Q：選擇查詢 · K / Shift+K：選擇鍵 · 方向鍵：移動 0.1（Shift：0.01）· Esc：回到查詢</translation>
    </message>
    <message>
        <source>No queries.</source>
        <translation>沒有查詢。</translation>
    </message>
    <message>
        <source>Query %1 at %2.</source>
        <translation>查詢 %1 位於 %2。</translation>
    </message>
    <message>
        <source>Weights undefined: %1.</source>
        <translation>權重未定義：%1。</translation>
    </message>
    <message>
        <source>no result</source>
        <translation>沒有結果</translation>
    </message>
    <message>
        <source>%1 masked</source>
        <translation>%1 已遮罩</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 and %2 lighter keys</source>
        <translation>%1，以及 %2 個權重較小的鍵</translation>
    </message>
    <message>
        <source>Weights: %1.</source>
        <translation>權重：%1。</translation>
    </message>
    <message>
        <source>Context (%1).</source>
        <translation>上下文（%1）。</translation>
    </message>
    <message>
        <source>Arrow keys move key %1 at %2.</source>
        <translation>方向鍵移動位於 %2 的鍵 %1。</translation>
    </message>
    <message>
        <source>dim %1</source>
        <translation>維度 %1</translation>
    </message>
    <message>
        <source>principal plane: every key is the same point, so it shows key dimensions 1 and 2</source>
        <translation>主平面：所有鍵都是同一點，因此顯示鍵的第 1 與第 2 維</translation>
    </message>
    <message>
        <source>principal plane: it shows %1% of the keys' spread; dragging a query changes it only within this plane</source>
        <translation>主平面：呈現鍵分散程度的 %1%；拖曳查詢只會在此平面內改變它</translation>
    </message>
    <message>
        <source>The plane shows key dimensions 1 and 2: every key is the same point, so there are no directions of spread.</source>
        <translation>平面顯示鍵的第 1 與第 2 維：所有鍵都是同一點，因此沒有分散的方向。</translation>
    </message>
    <message>
        <source>The plane shown is the keys' principal plane: of the %1 dimensions of key space, the two directions along which the keys spread most; it holds %2% of their spread. Keys and queries are drawn as their projections onto it; dragging or nudging a query moves it only within this plane and leaves the rest of the query unchanged.</source>
        <translation>顯示的是鍵的主平面：在鍵空間的 %1 個維度中，鍵分散程度最大的兩個方向；它涵蓋鍵分散程度的 %2%。鍵與查詢以其在此平面上的投影繪出；拖曳或以方向鍵微調查詢時，只會在此平面內移動它，查詢的其餘部分保持不變。</translation>
    </message>
    <message>
        <source>principal direction %1</source>
        <translation>主方向 %1</translation>
    </message>
    <message>
        <source>direction %1</source>
        <translation>方向 %1</translation>
    </message>
    <message>
        <source>No principal plane for keys that are not all finite numbers; %1</source>
        <translation>鍵含有非有限數值，無法計算主平面；%1</translation>
    </message>
    <message>
        <source>principal plane of the keys: %1% of their spread</source>
        <translation>鍵的主平面：呈現其分散程度的 %1%</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>the head, then the hint</comment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>general (q W kᵀ)</source>
        <translation>一般式（q W kᵀ）</translation>
    </message>
    <message>
        <source>additive (wᵀ tanh(W_q q + W_k k))</source>
        <translation>加性（wᵀ tanh(W_q q + W_k k)）</translation>
    </message>
    <message>
        <source>The key space draws scaled dot-product attention: a query's score is its projection onto the key in one shared plane. This scenario uses the %1 score, with queries of length d_q = %2 and keys of length d_k = %3, so no plane shows its scores: the Score functions lab (Alt+3) draws each one, and the heatmap and the charts show the weights.</source>
        <translation>鍵空間畫的是縮放點積注意力：查詢的分數就是它在同一個平面上對鍵的投影。這個情境使用 %1 分數，查詢長度 d_q = %2，鍵長度 d_k = %3，沒有任何平面能顯示它的分數：「分數函數」實驗（Alt+3）會畫出每一個分數，熱圖和圖表則顯示權重。</translation>
    </message>
</context>
<context>
    <name>attnlens::LabDocks</name>
    <message>
        <source>√d_k lab</source>
        <translation>√d_k 實驗</translation>
    </message>
    <message>
        <source>Open the lab "%1"</source>
        <translation>開啟實驗「%1」</translation>
    </message>
    <message>
        <source>&amp;Labs</source>
        <translation>實驗(&amp;L)</translation>
    </message>
    <message>
        <source>Bottleneck lab</source>
        <translation>瓶頸實驗</translation>
    </message>
    <message>
        <source>Where Q, K and V come from</source>
        <translation>Q、K、V 從哪裡來</translation>
    </message>
    <message>
        <source>Score functions</source>
        <translation>分數函數</translation>
    </message>
    <message>
        <source>Open the √d_k lab's sample</source>
        <translation>打開 √d_k 實驗的樣本</translation>
    </message>
    <message>
        <source>Open the derivation lab's tokens</source>
        <translation>打開推導實驗的詞元</translation>
    </message>
    <message>
        <source>The lab's own random sample</source>
        <translation>實驗自己的隨機樣本</translation>
    </message>
    <message>
        <source>The lab's own tokens</source>
        <translation>實驗自己的詞元</translation>
    </message>
</context>
<context>
    <name>attnlens::LanguageMenu</name>
    <message>
        <source>Lan&amp;guage</source>
        <translation>語言(&amp;G)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>語言</translation>
    </message>
    <message>
        <source>Attention Lens will use %1 the next time it starts.</source>
        <translation>Attention Lens 下次啟動時將使用 %1。</translation>
    </message>
</context>
<context>
    <name>attnlens::Lesson</name>
    <message>
        <source>A query and a memory to search</source>
        <translation>一個查詢與一組待搜尋的記憶</translation>
    </message>
    <message>
        <source>Before moving anything: which memories point most in the direction of q? Which two should q like equally?</source>
        <translation>先別移動任何東西：哪些記憶最指向 q 的方向？q 應該同樣喜歡哪兩個？</translation>
    </message>
    <message>
        <source>The query</source>
        <translation>查詢</translation>
    </message>
    <message>
        <source>A and C match q equally</source>
        <translation>A 與 C 和 q 的匹配程度相同</translation>
    </message>
    <message>
        <source>q·A = q·C = 1, q·B = 0</source>
        <translation>q·A = q·C = 1，q·B = 0</translation>
    </message>
    <message>
        <source>A value is not its key</source>
        <translation>值不等於它的鍵</translation>
    </message>
    <message>
        <source>key of A = [1, 0], value of A = [10, 0]</source>
        <translation>A 的鍵 = [1, 0]，A 的值 = [10, 0]</translation>
    </message>
    <message>
        <source>Scaled scores</source>
        <translation>縮放分數</translation>
    </message>
    <message>
        <source>Predict the three scaled scores. Can a score be negative? Is a score already a probability?</source>
        <translation>預測三個縮放分數。分數可以是負的嗎？分數已經是機率了嗎？</translation>
    </message>
    <message>
        <source>Scaled scores of q</source>
        <translation>q 的縮放分數</translation>
    </message>
    <message>
        <source>Divided by √d_k</source>
        <translation>除以 √d_k</translation>
    </message>
    <message>
        <source>d_k = 2: q·A = 1 becomes 0.7071</source>
        <translation>d_k = 2：q·A = 1 變成 0.7071</translation>
    </message>
    <message>
        <source>From scores to weights: softmax</source>
        <translation>從分數到權重：softmax</translation>
    </message>
    <message>
        <source>A and C equal? B zero or above zero? What do the three weights add up to?</source>
        <translation>A 與 C 相等嗎？B 是零還是大於零？三個權重加起來是多少？</translation>
    </message>
    <message>
        <source>Weights of q</source>
        <translation>q 的權重</translation>
    </message>
    <message>
        <source>Every row sums to 1</source>
        <translation>每一列的總和為 1</translation>
    </message>
    <message>
        <source>0.4011 + 0.1978 + 0.4011 = 1</source>
        <translation>0.4011 + 0.1978 + 0.4011 = 1</translation>
    </message>
    <message>
        <source>B scores 0 but keeps weight</source>
        <translation>B 的分數為 0，但仍保有權重</translation>
    </message>
    <message>
        <source>score 0, weight ≈ 0.1978</source>
        <translation>分數 0，權重 ≈ 0.1978</translation>
    </message>
    <message>
        <source>Retrieval: a weighted sum of values</source>
        <translation>擷取：值的加權總和</translation>
    </message>
    <message>
        <source>Context of q</source>
        <translation>q 的上下文向量</translation>
    </message>
    <message>
        <source>No argmax: all memories contribute</source>
        <translation>沒有 argmax：所有記憶都有貢獻</translation>
    </message>
    <message>
        <source>all three weights above 0</source>
        <translation>三個權重都大於 0</translation>
    </message>
    <message>
        <source>Change the query, keep the memory</source>
        <translation>換個查詢，保留記憶</translation>
    </message>
    <message>
        <source>Predict the ranking for q3 = [-1, 0] before reading its row. Then predict what T = 0.5 and T = 2 do to each row, and try them.</source>
        <translation>在讀它那一列之前，先預測 q3 = [-1, 0] 的排名。再預測 T = 0.5 與 T = 2 對每一列的影響，然後試試看。</translation>
    </message>
    <message>
        <source>Row q1 = [1, 0]</source>
        <translation>列 q1 = [1, 0]</translation>
    </message>
    <message>
        <source>Row q2 = [0, 1]</source>
        <translation>列 q2 = [0, 1]</translation>
    </message>
    <message>
        <source>Row q3 = [-1, 0]: B comes first</source>
        <translation>列 q3 = [-1, 0]：B 排第一</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>溫度</translation>
    </message>
    <message>
        <source>T = 1 (standard attention)</source>
        <translation>T = 1（標準注意力）</translation>
    </message>
    <message>
        <source>The causal mask</source>
        <translation>因果遮罩</translation>
    </message>
    <message>
        <source>Predict the first row before looking. Which cells must be exactly 0? Try switching off a mask cell on the diagonal of row 1.</source>
        <translation>先別看，預測第一列。哪些格子必須恰為 0？試著關掉第 1 列對角線上的遮罩格。</translation>
    </message>
    <message>
        <source>First row</source>
        <translation>第一列</translation>
    </message>
    <message>
        <source>Nothing above the diagonal</source>
        <translation>對角線上方沒有權重</translation>
    </message>
    <message>
        <source>every weight above the diagonal is exactly 0</source>
        <translation>對角線上方的每個權重都恰為 0</translation>
    </message>
    <message>
        <source>Row 2</source>
        <translation>第 2 列</translation>
    </message>
    <message>
        <source>Row 3</source>
        <translation>第 3 列</translation>
    </message>
    <message>
        <source>Padding, and the row with no allowed key</source>
        <translation>填充，以及沒有允許鍵的列</translation>
    </message>
    <message>
        <source>Predict row 3 now that token 3 is hidden. What happens if you try to mask token 1 for the first query?</source>
        <translation>詞元 3 被隱藏後，預測第 3 列。如果試著對第一個查詢遮罩詞元 1，會發生什麼事？</translation>
    </message>
    <message>
        <source>Padding is never retrieved</source>
        <translation>填充永遠不會被擷取</translation>
    </message>
    <message>
        <source>column "token 3 (padding)" is exactly 0 in every row</source>
        <translation>「詞元 3（填充）」這一欄在每一列都恰為 0</translation>
    </message>
    <message>
        <source>Still causal</source>
        <translation>仍然是因果的</translation>
    </message>
    <message>
        <source>A row with no allowed key is refused</source>
        <translation>沒有允許鍵的列會被拒絕</translation>
    </message>
    <message>
        <source>masking every key of row 1 gives "undefined: no allowed key"</source>
        <translation>遮罩第 1 列的每個鍵會得到「未定義：沒有允許的鍵」</translation>
    </message>
    <message>
        <source>Check against a reference implementation</source>
        <translation>與參考實作比對</translation>
    </message>
    <message>
        <source>Predict how large the differences will be: exactly 0, around 1e-16, or around 1e-4?</source>
        <translation>預測差異會有多大：恰為 0、約 1e-16，還是約 1e-4？</translation>
    </message>
    <message>
        <source>The window agrees with the reference</source>
        <translation>視窗的結果與參考一致</translation>
    </message>
    <message>
        <source>scores, weights and context of nb_single_query within 1e-9 (relative)</source>
        <translation>nb_single_query 的分數、權重與上下文向量皆在 1e-9（相對）之內</translation>
    </message>
    <message>
        <source>Every lesson scenario agrees</source>
        <translation>每個課程情境都一致</translation>
    </message>
    <message>
        <source>all reference cases within 1e-9 (relative)</source>
        <translation>所有參考案例皆在 1e-9（相對）之內</translation>
    </message>
    <message>
        <source>What an attention plot can and cannot explain</source>
        <translation>注意力圖能解釋與不能解釋的事</translation>
    </message>
    <message>
        <source>If B's value becomes [100, 100], which numbers change, the weights or the context? If B is masked, what do A and C get?</source>
        <translation>如果 B 的值變成 [100, 100]，哪些數字會改變，權重還是上下文向量？如果 B 被遮罩，A 與 C 會得到多少？</translation>
    </message>
    <message>
        <source>Value of B → [100, 100]: same weights</source>
        <translation>B 的值 → [100, 100]：權重不變</translation>
    </message>
    <message>
        <source>weights identical bit for bit; context ≈ [27.7998, 23.7887]</source>
        <translation>權重逐位元相同；上下文 ≈ [27.7998, 23.7887]</translation>
    </message>
    <message>
        <source>B masked: A and C renormalise</source>
        <translation>B 被遮罩：A 與 C 重新正規化</translation>
    </message>
    <message>
        <source>weights ≈ [0.5, 0, 0.5]; context ≈ [10, 5]</source>
        <translation>權重 ≈ [0.5, 0, 0.5]；上下文 ≈ [10, 5]</translation>
    </message>
    <message>
        <source>Practice 1: temperature 0.5 and 2</source>
        <translation>練習 1：溫度 0.5 與 2</translation>
    </message>
    <message>
        <source>Write down your prediction first: at T = 0.5, does the largest weight of each row grow or shrink? And at T = 2?</source>
        <translation>先寫下你的預測：在 T = 0.5 時，每一列最大的權重會變大還是變小？T = 2 時呢？</translation>
    </message>
    <message>
        <source>T = 0.5 is sharper than T = 2</source>
        <translation>T = 0.5 比 T = 2 更集中</translation>
    </message>
    <message>
        <source>entropy per row: 0.9611 &lt; 1.0859, 0.9611 &lt; 1.0859, 0.8589 &lt; 1.0838</source>
        <translation>每列的熵：0.9611 &lt; 1.0859，0.9611 &lt; 1.0859，0.8589 &lt; 1.0838</translation>
    </message>
    <message>
        <source>Practice 2: all keys identical</source>
        <translation>練習 2：所有鍵都相同</translation>
    </message>
    <message>
        <source>Predict the weights of each row. Then drag a query anywhere: does any weight change?</source>
        <translation>預測每一列的權重。然後把查詢拖到任何位置：有任何權重改變嗎？</translation>
    </message>
    <message>
        <source>Row 1: equal weights</source>
        <translation>第 1 列：權重相等</translation>
    </message>
    <message>
        <source>Row 2: equal weights</source>
        <translation>第 2 列：權重相等</translation>
    </message>
    <message>
        <source>Row 3: masked C stays 0</source>
        <translation>第 3 列：被遮罩的 C 保持為 0</translation>
    </message>
    <message>
        <source>Practice 3: one huge value</source>
        <translation>練習 3：一個巨大的值</translation>
    </message>
    <message>
        <source>Predict the weights and roughly the context before looking at the context chart.</source>
        <translation>在看上下文圖之前，先預測權重以及大約的上下文向量。</translation>
    </message>
    <message>
        <source>Context jumps</source>
        <translation>上下文向量大幅跳動</translation>
    </message>
    <message>
        <source>Predict which encoder state each decoder step weighs most.</source>
        <translation>預測每個解碼器步驟最重視哪個編碼器狀態。</translation>
    </message>
    <message>
        <source>Two sequences</source>
        <translation>兩個序列</translation>
    </message>
    <message>
        <source>2 decoder queries, 3 encoder keys and values</source>
        <translation>2 個解碼器查詢，3 個編碼器的鍵與值</translation>
    </message>
    <message>
        <source>Decoder 1</source>
        <translation>解碼器 1</translation>
    </message>
    <message>
        <source>Decoder 2</source>
        <translation>解碼器 2</translation>
    </message>
    <message>
        <source>coordinate 1</source>
        <translation>座標 1</translation>
    </message>
    <message>
        <source>coordinate 2</source>
        <translation>座標 2</translation>
    </message>
    <message>
        <source>A = [1, 0] and C = [1, 1] both give q a dot product of 1, B = [0, 1] gives 0: A and C tie at the top and B comes last.</source>
        <translation>A = [1, 0] 與 C = [1, 1] 和 q 的內積都是 1，B = [0, 1] 則是 0：A 與 C 並列第一，B 排最後。</translation>
    </message>
    <message>
        <source>Your guess: rank A, B, C by how well they match q</source>
        <translation>你的猜測：依與 q 的匹配程度排列 A、B、C</translation>
    </message>
    <message>
        <source>Dot products q·A, q·B, q·C</source>
        <translation>內積 q·A、q·B、q·C</translation>
    </message>
    <message>
        <source>Each score is the dot product of the query with one key, divided by √d_k = √2 ≈ 1.4142. The scores S = QKᵀ/√d_k form a 1 × 3 matrix: one row per query, one column per key. If the coordinates of queries and keys have variance 1, a dot product's spread grows with d_k; dividing by √d_k keeps it steady. It does not make the vectors unit length. The worked numbers show every product and sum.</source>
        <translation>每個分數是查詢與某個鍵的內積，再除以 √d_k = √2 ≈ 1.4142。分數 S = QKᵀ/√d_k 構成一個 1 × 3 矩陣：每個查詢一列，每個鍵一欄。若查詢與鍵的座標變異數為 1，內積的分散程度會隨 d_k 增大；除以 √d_k 讓它保持穩定。這並不會把向量變成單位長度。計算過程面板列出每一個乘積與總和。</translation>
    </message>
    <message>
        <source>The scores are about [0.7071, 0, 0.7071]. A score is negative whenever query and key point away from each other (try q = [-1, 0]). Scores are not probabilities: nothing makes them positive or adds them up to 1; softmax does that next.</source>
        <translation>分數約為 [0.7071, 0, 0.7071]。只要查詢與鍵指向相反的方向，分數就是負的（試試 q = [-1, 0]）。分數不是機率：沒有任何步驟讓它們為正或總和為 1；那是接下來 softmax 的工作。</translation>
    </message>
    <message>
        <source>Your guess: the scaled scores of A, B, C</source>
        <translation>你的猜測：A、B、C 的縮放分數</translation>
    </message>
    <message>
        <source>Scaled scores of q for A, B, C</source>
        <translation>q 對 A、B、C 的縮放分數</translation>
    </message>
    <message>
        <source>What q·A = 1 becomes after the division</source>
        <translation>q·A = 1 除完之後變成多少</translation>
    </message>
    <message>
        <source>Softmax turns a row of scores into weights that are positive and add up to 1. It first subtracts the largest score (the same shift for every key changes no weight, it only keeps exp() from overflowing), exponentiates, and divides by the sum. The weights A have the shape of the scores: 1 × 3, one row per query, one column per key.</source>
        <translation>Softmax 把一列分數轉成為正且總和為 1 的權重。它先減去最大的分數（每個鍵都減去相同的量不會改變任何權重，只是避免 exp() 溢位），再取指數，最後除以總和。權重 A 的形狀與分數相同：1 × 3，每個查詢一列，每個鍵一欄。</translation>
    </message>
    <message>
        <source>A and C get the same weight, about 0.4011 each. B's score is 0, yet its weight is not: exp(0) = 1 is still a share, about 0.1978. The three add up to exactly 1.</source>
        <translation>A 與 C 得到相同的權重，各約 0.4011。B 的分數是 0，權重卻不是 0：exp(0) = 1 仍占一份，約 0.1978。三者加起來恰為 1。</translation>
    </message>
    <message>
        <source>Your guess: the weights of A, B, C</source>
        <translation>你的猜測：A、B、C 的權重</translation>
    </message>
    <message>
        <source>Weights of q over A, B, C</source>
        <translation>q 對 A、B、C 的權重</translation>
    </message>
    <message>
        <source>What each row adds up to</source>
        <translation>每一列加起來是多少</translation>
    </message>
    <message>
        <source>B's weight</source>
        <translation>B 的權重</translation>
    </message>
    <message>
        <source>The context is the weights times the values, C = AV: every value is scaled by its weight and the results are added, one coordinate at a time. C is N_q × d_v, here 1 × 2: one context vector per query, as wide as a value.</source>
        <translation>上下文向量是權重乘上值，C = AV：每個值依其權重縮放後相加，一次一個座標。C 是 N_q × d_v，這裡是 1 × 2：每個查詢一個上下文向量，寬度與一個值相同。</translation>
    </message>
    <message>
        <source>Before looking: which memories feed coordinate 1 of the context, and which feed coordinate 2? Then guess the context itself.</source>
        <translation>先別看：哪些記憶貢獻了上下文向量的座標 1，哪些貢獻了座標 2？接著猜猜上下文向量本身。</translation>
    </message>
    <message>
        <source>Coordinate 1 comes from A and C (B's value has 0 there); coordinate 2 from B and C (A's value has 0 there). Nothing is picked by argmax: all three memories contribute, and the context is about [8.0222, 5.9889].</source>
        <translation>座標 1 來自 A 與 C（B 的值在這裡是 0）；座標 2 來自 B 與 C（A 的值在這裡是 0）。沒有任何東西被 argmax 挑出：三個記憶都有貢獻，上下文向量約為 [8.0222, 5.9889]。</translation>
    </message>
    <message>
        <source>Your guess: the context of q (2 numbers)</source>
        <translation>你的猜測：q 的上下文向量（2 個數）</translation>
    </message>
    <message>
        <source>Context of q (coordinates 1 and 2)</source>
        <translation>q 的上下文向量（座標 1 與 2）</translation>
    </message>
    <message>
        <source>How many memories contribute</source>
        <translation>有幾個記憶有貢獻</translation>
    </message>
    <message>
        <source>Three queries now search the same memory: [1, 0], [0, 1] and [-1, 0] (Q is 3 × 2, the weights 3 × 3, the context 3 × 2). Each row of the heatmap is one query. The temperature T divides the scores before softmax; standard attention uses T = 1.</source>
        <translation>現在三個查詢搜尋同一組記憶：[1, 0]、[0, 1] 與 [-1, 0]（Q 是 3 × 2，權重是 3 × 3，上下文向量是 3 × 2）。熱圖的每一列是一個查詢。溫度 T 在 softmax 之前除以分數；標準注意力使用 T = 1。</translation>
    </message>
    <message>
        <source>q3 = [-1, 0] points away from A and C and is orthogonal to B: B comes first, A and C tie behind it. Each query ranks the memory its own way, so there is no single ranking of the memory. T below 1 sharpens every row, T above 1 flattens it.</source>
        <translation>q3 = [-1, 0] 背離 A 與 C，並與 B 正交：B 排第一，A 與 C 並列其後。每個查詢用自己的方式為記憶排序，所以記憶沒有單一的排名。T 小於 1 讓每一列更尖銳，T 大於 1 則讓它更平坦。</translation>
    </message>
    <message>
        <source>Your guess: rank A, B, C for q3 = [-1, 0]</source>
        <translation>你的猜測：為 q3 = [-1, 0] 排列 A、B、C</translation>
    </message>
    <message>
        <source>Row q3 = [-1, 0]</source>
        <translation>列 q3 = [-1, 0]</translation>
    </message>
    <message>
        <source>Now three tokens attend to each other (Q = K, each 3 × 2; the mask and the weights are 3 × 3). A decoder at position t may only look at positions up to t, itself included. The mask removes the future before softmax, so a masked key gets exactly 0 and the allowed ones share the whole weight. Rows are the receiving queries, columns the source keys: the future is above the diagonal.</source>
        <translation>現在三個詞元彼此注意（Q = K，各為 3 × 2；遮罩與權重是 3 × 3）。位置 t 的解碼器只能看位置 t 以前（含自己）的內容。遮罩在 softmax 之前移除未來，所以被遮罩的鍵恰好得到 0，允許的鍵分攤全部權重。列是接收的查詢，欄是來源的鍵：未來位於對角線上方。</translation>
    </message>
    <message>
        <source>Row 1 may see only itself: [1, 0, 0]. Every cell above the diagonal is exactly 0, not just small. Row 1's diagonal cell is its only allowed key, so the mask refuses to switch it off: the row would have no key left.</source>
        <translation>第 1 列只能看到自己：[1, 0, 0]。對角線上方的每一格都恰為 0，而不只是很小。第 1 列的對角格是它唯一允許的鍵，所以遮罩拒絕關掉它：否則這一列就沒有任何鍵了。</translation>
    </message>
    <message>
        <source>Your guess: the first row of weights</source>
        <translation>你的猜測：權重的第一列</translation>
    </message>
    <message>
        <source>Weights above the diagonal</source>
        <translation>對角線上方的權重</translation>
    </message>
    <message>
        <source>Token 3 is padding: it does not exist, so no query may retrieve it. The padding permissions are combined with the causal ones (both must allow a cell). Token 3 still has a query row, and its output is still computed, but in training a padded query's output is left out of the loss: it is not a prediction, so do not read it as one. If every key of a row were masked, softmax would divide 0 by 0: the row would have no answer.</source>
        <translation>詞元 3 是填充：它並不存在，所以任何查詢都不可擷取它。填充的允許設定與因果的允許設定合併（兩者都允許的格子才算允許）。詞元 3 仍有自己的查詢列，它的輸出也照樣計算，但訓練時填充查詢的輸出不列入損失：它不是預測，別把它當成預測來讀。如果一列的每個鍵都被遮罩，softmax 就得計算 0 除以 0：這一列沒有答案。</translation>
    </message>
    <message>
        <source>Row 3 (q = [1, 1]) matches tokens 1 and 2 equally and may not see token 3: [0.5, 0.5, 0], a row that is computed but excluded from the loss. Masking token 1 for the first query would leave it no key: Attention Lens refuses such a row and says so. Below: what some frameworks return instead.</source>
        <translation>第 3 列（q = [1, 1]）與詞元 1、2 的匹配程度相同，且看不到詞元 3：[0.5, 0.5, 0]，這一列有計算，但不列入損失。若為第一個查詢遮罩詞元 1，它就沒有任何鍵了：Attention Lens 會拒絕這樣的列並說明原因。下方是某些框架改為傳回的結果。</translation>
    </message>
    <message>
        <source>Your guess: row 3 of the weights</source>
        <translation>你的猜測：權重的第 3 列</translation>
    </message>
    <message>
        <source>Column "token 3 (padding)"</source>
        <translation>「詞元 3（填充）」這一欄</translation>
    </message>
    <message>
        <source>Row 3 (padded query: excluded from the loss)</source>
        <translation>第 3 列（填充查詢：不列入損失）</translation>
    </message>
    <message>
        <source>%1, not a prediction</source>
        <translation>%1，不是預測</translation>
    </message>
    <message>
        <source>Row 1 with token 1 masked too</source>
        <translation>第 1 列也遮罩詞元 1 時</translation>
    </message>
    <message>
        <source>An implementation earns trust by agreeing with an independent one. The table puts the engine's numbers for the lesson's scenarios beside stored float64 reference answers (NumPy), cell by cell, with the absolute difference and the allowed tolerance. The notebook makes the same check with PyTorch's scaled_dot_product_attention. One warning when you do: in its Boolean mask True means "may attend", while other PyTorch APIs (nn.MultiheadAttention's attn_mask and key_padding_mask, for example) read True as "blocked". Always read the documentation of the function you call.</source>
        <translation>一個實作要與獨立的實作一致才值得信任。表格把引擎對課程情境算出的數值，與預先儲存的 float64 參考答案（NumPy）逐格並列，附上絕對差與允許的容差。筆記本用 PyTorch 的 scaled_dot_product_attention 做同樣的檢查。這時要注意一件事：在它的布林遮罩中 True 表示「可以注意」，而其他 PyTorch API（例如 nn.MultiheadAttention 的 attn_mask 與 key_padding_mask）把 True 讀成「被封鎖」。務必閱讀你所呼叫函式的文件。</translation>
    </message>
    <message>
        <source>At most a few units in the last digit of a double (around 1e-16), often exactly 0, far inside the 1e-9 tolerance. Agreement shows the arithmetic is right for these examples; it says nothing about what a trained model has learned.</source>
        <translation>最多只差 double 最後一位的幾個單位（約 1e-16），常常恰為 0，遠在 1e-9 的容差之內。一致只證明這些例子的算術正確；它完全無法說明訓練好的模型學到了什麼。</translation>
    </message>
    <message>
        <source>The window against the reference</source>
        <translation>視窗與參考答案比對</translation>
    </message>
    <message>
        <source>Every lesson scenario against the reference</source>
        <translation>每個課程情境與參考答案比對</translation>
    </message>
    <message>
        <source>A heatmap shows how this computation routes information, not why an outcome happened. To learn what matters, intervene: hold Q and K, change one value or mask one key, and compare before and after. Try both in the window (the matrices and the mask grid); after the reveal the bench below shows both, and snapshots A and B compare any two moments.</source>
        <translation>熱圖顯示的是這個計算如何傳遞資訊，而不是某個結果為何發生。想知道什麼重要，就要介入：固定 Q 與 K，改變一個值或遮罩一個鍵，再比較前後。在視窗中兩種都試試（矩陣與遮罩格）；揭曉答案後，下方的比較台會顯示兩者，快照 A 與 B 則可比較任意兩個時刻。</translation>
    </message>
    <message>
        <source>A new value for B leaves every weight identical, bit for bit, while the context moves to about [27.80, 23.79]: the weights alone cannot show what a value contributes. Masking B makes A and C share the whole weight, 0.5 each, and the context becomes [10, 5].</source>
        <translation>B 換了新的值，每個權重仍逐位元完全相同，上下文向量卻移到約 [27.80, 23.79]：單看權重無法得知一個值貢獻了什麼。遮罩 B 後，A 與 C 分攤全部權重，各 0.5，上下文向量變成 [10, 5]。</translation>
    </message>
    <message>
        <source>Your guess: the weights of A, B, C with B masked</source>
        <translation>你的猜測：遮罩 B 後 A、B、C 的權重</translation>
    </message>
    <message>
        <source>Value of B → [100, 100]: weights and context</source>
        <translation>B 的值 → [100, 100]：權重與上下文向量</translation>
    </message>
    <message>
        <source>B masked: weights of A and C</source>
        <translation>遮罩 B：A 與 C 的權重</translation>
    </message>
    <message>
        <source>You set B's value to [100, 100]</source>
        <translation>你把 B 的值設為 [100, 100]</translation>
    </message>
    <message>
        <source>weights still ≈ [0.4011, 0.1978, 0.4011]</source>
        <translation>權重仍 ≈ [0.4011, 0.1978, 0.4011]</translation>
    </message>
    <message>
        <source>Set B's value to [100, 100] in the matrices</source>
        <translation>在矩陣中把 B 的值設為 [100, 100]</translation>
    </message>
    <message>
        <source>You masked B</source>
        <translation>你遮罩了 B</translation>
    </message>
    <message>
        <source>weights [0.5, 0, 0.5]</source>
        <translation>權重 [0.5, 0, 0.5]</translation>
    </message>
    <message>
        <source>Mask memory B for q in the mask grid</source>
        <translation>在遮罩格中為 q 遮罩記憶 B</translation>
    </message>
    <message>
        <source>Keep Q, K and V as they are and only move the temperature: first to 0.5, then to 2 (the slider or the number box). The checkpoints below tick as you do it. Entropy measures how spread out a row is: lower entropy means a sharper, more decided row.</source>
        <translation>Q、K、V 保持不變，只移動溫度：先到 0.5，再到 2（用滑桿或數字框）。你每做一步，下方的檢查點就會打勾。熵衡量一列分散的程度：熵越低，這一列越尖銳、越果斷。</translation>
    </message>
    <message>
        <source>At T = 0.5 the scores count twice as much: the largest weight of every row grows (for q3 = [-1, 0], B goes from 0.5035 to 0.6728). At T = 2 they count half as much and every row flattens towards 1/3. The order of the keys never changes.</source>
        <translation>在 T = 0.5 時分數的作用加倍：每一列最大的權重都變大（q3 = [-1, 0] 的 B 從 0.5035 變成 0.6728）。在 T = 2 時分數的作用減半，每一列都變平坦、趨近 1/3。鍵的順序始終不變。</translation>
    </message>
    <message>
        <source>Your guess: B's weight for q3 = [-1, 0] at T = 0.5 (0.5035 at T = 1)</source>
        <translation>你的猜測：T = 0.5 時 q3 = [-1, 0] 對 B 的權重（T = 1 時為 0.5035）</translation>
    </message>
    <message>
        <source>At T = 0.5, row q3 = [-1, 0]</source>
        <translation>T = 0.5 時，列 q3 = [-1, 0]</translation>
    </message>
    <message>
        <source>Move T to 0.5</source>
        <translation>把 T 移到 0.5</translation>
    </message>
    <message>
        <source>At T = 2, row q3 = [-1, 0]</source>
        <translation>T = 2 時，列 q3 = [-1, 0]</translation>
    </message>
    <message>
        <source>Move T to 2</source>
        <translation>把 T 移到 2</translation>
    </message>
    <message>
        <source>Try both temperatures, then compare how sharp the rows are</source>
        <translation>兩個溫度都試過後，比較各列的尖銳程度</translation>
    </message>
    <message>
        <source>Every key is now the same vector [0.5, 0.5]. The third query, q3 = [-1, 0], has memory C masked.</source>
        <translation>現在每個鍵都是同一個向量 [0.5, 0.5]。第三個查詢 q3 = [-1, 0] 遮罩了記憶 C。</translation>
    </message>
    <message>
        <source>Whatever a query asks, it sees the same score for every key, so every allowed key gets the same weight: 1/3 each in rows 1 and 2. In row 3 the masked C still gets exactly 0 and A and B split the weight, 0.5 each. Dragging a query changes no weight.</source>
        <translation>不論查詢問什麼，它對每個鍵看到的分數都相同，所以每個允許的鍵得到相同的權重：第 1、2 列各為 1/3。第 3 列中被遮罩的 C 仍恰為 0，A 與 B 平分權重，各 0.5。拖曳查詢不會改變任何權重。</translation>
    </message>
    <message>
        <source>Your guess: row 3 (q3 = [-1, 0]) of the weights</source>
        <translation>你的猜測：權重的第 3 列（q3 = [-1, 0]）</translation>
    </message>
    <message>
        <source>Row 1</source>
        <translation>第 1 列</translation>
    </message>
    <message>
        <source>Row 3 (C masked)</source>
        <translation>第 3 列（C 被遮罩）</translation>
    </message>
    <message>
        <source>You moved a query: no weight changed</source>
        <translation>你移動了查詢：沒有任何權重改變</translation>
    </message>
    <message>
        <source>rows 1 and 2 still 1/3 each, row 3 still [0.5, 0.5, 0]</source>
        <translation>第 1、2 列仍各為 1/3，第 3 列仍為 [0.5, 0.5, 0]</translation>
    </message>
    <message>
        <source>Drag a query anywhere in the key space</source>
        <translation>在鍵空間中把某個查詢拖到任意位置</translation>
    </message>
    <message>
        <source>Memory C now hands back [10000, 10000]. Q and K are those of the lesson; only one value has changed.</source>
        <translation>記憶 C 現在交回 [10000, 10000]。Q 與 K 和課程中的相同；只改了一個值。</translation>
    </message>
    <message>
        <source>Decoder 1 = [0, 1] matches encoder B = [0, 1] and C = [1, 1] equally and A not at all: B = C &gt; A. Decoder 2 = [1, 1] weighs C most, with A and B tied behind it.</source>
        <translation>解碼器 1 = [0, 1] 與編碼器 B = [0, 1] 和 C = [1, 1] 的匹配程度相同，與 A 完全不匹配：B = C &gt; A。解碼器 2 = [1, 1] 最看重 C，A 與 B 並列其後。</translation>
    </message>
    <message>
        <source>Your guess: rank encoders A, B, C for decoder 1</source>
        <translation>你的猜測：為解碼器 1 排列編碼器 A、B、C</translation>
    </message>
    <message>
        <source>Before you stop, and what comes next</source>
        <translation>收尾之前，以及接下來的內容</translation>
    </message>
    <message>
        <source>Explain to a partner: what does a row of the weights stand for, and a column? What shape does the context C have here?</source>
        <translation>向同伴解釋：權重的一列代表什麼，一欄又代表什麼？這裡的上下文向量 C 是什麼形狀？</translation>
    </message>
    <message>
        <source>A row of S or A belongs to one receiving query, a column to one source key; every allowed row of A sums to 1. In Q, K and V a row is one token or memory and a column one feature (d_k or d_v). C = AV is N_q × d_v: here 1 × 2, one context vector per query.</source>
        <translation>S 或 A 的一列屬於一個接收的查詢，一欄屬於一個來源的鍵；A 每個有效的列總和為 1。在 Q、K、V 中，一列是一個詞元或記憶，一欄是一個特徵（d_k 或 d_v）。C = AV 是 N_q × d_v：這裡是 1 × 2，每個查詢一個上下文向量。</translation>
    </message>
    <message>
        <source>Your guess: the shape of C (rows, columns)</source>
        <translation>你的猜測：C 的形狀（列數、欄數）</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>列數</translation>
    </message>
    <message>
        <source>columns</source>
        <translation>欄數</translation>
    </message>
    <message>
        <source>Evidence holds scores, weights and context</source>
        <translation>證據包含分數、權重與上下文向量</translation>
    </message>
    <message>
        <source>File &gt; Export Evidence on this scenario</source>
        <translation>對此情境使用「檔案 &gt; 匯出證據」</translation>
    </message>
    <message>
        <source>The causal-mask check holds</source>
        <translation>因果遮罩檢查成立</translation>
    </message>
    <message>
        <source>causal_weights: exactly 0 above the diagonal, rows sum to 1</source>
        <translation>causal_weights：對角線上方恰為 0，每列總和為 1</translation>
    </message>
    <message>
        <source>Axes: rows are queries, columns are keys</source>
        <translation>軸：列是查詢，欄是鍵</translation>
    </message>
    <message>
        <source>A is 1 × 3 (1 query, 3 keys); C is 1 × 2</source>
        <translation>A 是 1 × 3（1 個查詢、3 個鍵）；C 是 1 × 2</translation>
    </message>
    <message>
        <source>The shapes of A and C</source>
        <translation>A 與 C 的形狀</translation>
    </message>
    <message>
        <source>Why divide by √d_k</source>
        <translation>為什麼要除以 √d_k</translation>
    </message>
    <message>
        <source>Sixteen random queries and sixteen random keys, every coordinate drawn independently with mean 0 and variance 1. A dot product q·k adds up d_k such products, so its variance is d_k and its spread (standard deviation) is √d_k. The lab shows the raw dot products beside the scaled scores q·k/√d_k, and what softmax makes of each row with and without the division. Move d_k with the slider (1 to 512), draw a new sample, and stretch one key.</source>
        <translation>十六個隨機查詢與十六個隨機鍵，每個座標都獨立抽取，平均為 0、變異數為 1。內積 q·k 是 d_k 個乘積相加，所以它的變異數是 d_k，分散程度（標準差）是 √d_k。實驗把原始內積和縮放後的分數 q·k/√d_k 並排顯示，並比較 softmax 在有無這個除法時對每一列的結果。用滑桿移動 d_k（1 到 512）、抽取新樣本，再拉長一個鍵。</translation>
    </message>
    <message>
        <source>At d_k = 16, how wide do you expect the raw dot products to spread, and the scaled scores? What happens to softmax without the division when d_k reaches 256?</source>
        <translation>在 d_k = 16 時，你預期原始內積會分散多寬？縮放後的分數呢？當 d_k 到達 256，沒有這個除法的 softmax 會怎樣？</translation>
    </message>
    <message>
        <source>The raw dot products spread about √16 = 4, the scaled scores about 1, whatever d_k is. Without the division, softmax sees scores of size √d_k: at d_k = 256 most rows put nearly all their weight on one key, and such a row passes almost no gradient to the others. With it, the rows stay spread. The division is the same for every key, so a key twice as long still scores twice as high: it scales scores, it does not make vectors unit length.</source>
        <translation>原始內積的分散程度約為 √16 = 4，縮放後的分數則不論 d_k 多大都約為 1。沒有這個除法時，softmax 看到的分數大小約為 √d_k：在 d_k = 256 時，大多數列幾乎把全部權重放在一個鍵上，這樣的列幾乎不會把梯度傳給其他鍵。有了除法，各列的權重仍然分散。這個除法對每個鍵都一樣，所以長度加倍的鍵分數仍然加倍：它縮放的是分數，並不會把向量變成單位長度。</translation>
    </message>
    <message>
        <source>Raw dot products spread like √d_k</source>
        <translation>原始內積的分散程度隨 √d_k 增長</translation>
    </message>
    <message>
        <source>standard deviation ≈ √d_k (√16 = 4); scaled scores ≈ 1</source>
        <translation>標準差 ≈ √d_k（√16 = 4）；縮放後分數 ≈ 1</translation>
    </message>
    <message>
        <source>The spread of the raw dot products and of the scaled scores</source>
        <translation>原始內積與縮放後分數的分散程度</translation>
    </message>
    <message>
        <source>Unscaled rows saturate</source>
        <translation>未縮放的列趨於飽和</translation>
    </message>
    <message>
        <source>d_k ≥ 256: largest unscaled weight ≈ 1, scaled rows still spread</source>
        <translation>d_k ≥ 256：未縮放的最大權重 ≈ 1，縮放後的列仍然分散</translation>
    </message>
    <message>
        <source>Move d_k to 256 or more and compare the largest weights</source>
        <translation>把 d_k 移到 256 以上，比較最大權重</translation>
    </message>
    <message>
        <source>A key twice as long scores twice as high</source>
        <translation>長度加倍的鍵，分數也加倍</translation>
    </message>
    <message>
        <source>stretched ×2: every scaled score of that key × 2 exactly</source>
        <translation>拉長 ×2：該鍵的每個縮放後分數恰好 × 2</translation>
    </message>
    <message>
        <source>Stretch one key to twice its length</source>
        <translation>把一個鍵拉長為兩倍長</translation>
    </message>
    <message>
        <source>Scaling does not normalise lengths</source>
        <translation>縮放不會把長度正規化</translation>
    </message>
    <message>
        <source>the keys keep lengths near √d_k, not 1</source>
        <translation>各鍵的長度仍接近 √d_k，而不是 1</translation>
    </message>
    <message>
        <source>Does dividing by √d_k make the vectors unit length?</source>
        <translation>除以 √d_k 會讓向量變成單位長度嗎？</translation>
    </message>
    <message>
        <source>How does one query get its own context? A closer look at a single query: the fixed vector of the previous step has to hold a whole input, and a long input loses detail in it; attention instead lets each output ask all the stored states for what it needs. Here the arrow from the origin is the query q = [1, 0], what we are looking for (Q is 1 × 2: one query, d_k = 2). The three dots are the keys of memories A, B and C, how each memory can be found (K is 3 × 2). Each key has a value, the content handed back when the memory is chosen (V is 3 × 2). A value need not look like its key: A is found at [1, 0] but hands back [10, 0]. These are hand-made teaching vectors, not learned ones.</source>
        <translation>一個查詢如何得到自己的上下文？這裡仔細看單一查詢：上一步的固定向量必須裝下整段輸入，輸入一長，細節就在其中流失；注意力則讓每個輸出向所有儲存的狀態詢問它需要的內容。這裡從原點出發的箭頭是查詢 q = [1, 0]，也就是我們要找的東西（Q 是 1 × 2：一個查詢，d_k = 2）。三個點是記憶 A、B、C 的鍵，代表每個記憶如何被找到（K 是 3 × 2）。每個鍵都有一個值，也就是記憶被選中時交回的內容（V 是 3 × 2）。值不必長得像它的鍵：A 在 [1, 0] 被找到，交回的卻是 [10, 0]。這些是手工設計的教學向量，不是學習得來的。</translation>
    </message>
    <message>
        <source>The weights are exactly those of step 5: they depend on Q and K only. The context jumps to about [4015, 4013], because C's weight 0.4011 now multiplies 10000. A moderate weight on a huge value can dominate the output, which a weights plot alone would never show.</source>
        <translation>權重與步驟 5 完全相同：它們只取決於 Q 與 K。上下文向量跳到約 [4015, 4013]，因為 C 的權重 0.4011 現在乘上的是 10000。一個中等的權重乘上巨大的值就能主導輸出，而單看權重圖永遠看不出這一點。</translation>
    </message>
    <message>
        <source>Weights as in step 5</source>
        <translation>權重與步驟 5 相同</translation>
    </message>
    <message>
        <source>Practice 5, continued: self- and cross-attention</source>
        <translation>練習 5（續）：自注意力與交叉注意力</translation>
    </message>
    <message>
        <source>In self-attention (step 8) Q, K and V all come from one sequence, so the weights are square. Here two decoder steps ask questions of three encoder states: queries from one stream (Q is 2 × 2), keys and values from another (K and V are 3 × 2). The same formula works; the weights are 2 × 3 and the context 2 × 2. This is how attention is attached to an encoder-decoder, recurrent or not: a decoder query can score every encoder state.</source>
        <translation>在自注意力中（步驟 8），Q、K、V 都來自同一個序列，所以權重是方陣。這裡兩個解碼器步驟向三個編碼器狀態提問：查詢來自一個資料流（Q 是 2 × 2），鍵與值來自另一個（K 與 V 是 3 × 2）。同一個公式照樣適用；權重是 2 × 3，上下文向量是 2 × 2。注意力就是這樣接到編碼器－解碼器上的，不論是否為遞迴式：解碼器的查詢可以為每個編碼器狀態打分數。</translation>
    </message>
    <message>
        <source>You are done when you have evidence and can explain it. With the lesson's scenario untouched, File &gt; Export Evidence writes the scores, weights and context together with the causal weights of step 8, whose upper triangle must be exactly 0. Then explain every axis of every matrix to a partner. Next lesson: attention alone is not a Transformer. A Transformer block adds positional information (attention by itself ignores order), a feed-forward network applied to each token on its own, residual paths around the parts, and normalisation.</source>
        <translation>當你有了證據並能解釋它，就完成了。在課程情境未修改的情況下，「檔案 &gt; 匯出證據」會寫出分數、權重與上下文向量，以及步驟 8 的因果權重，其上三角必須恰為 0。接著向同伴解釋每個矩陣的每一個軸。下一課：只有注意力還不是 Transformer。Transformer 區塊還加入位置資訊（注意力本身不理會順序）、對每個詞元各自套用的前饋網路、繞過各部分的殘差路徑，以及正規化。</translation>
    </message>
    <message>
        <source>Why attention: one fixed context for every query</source>
        <translation>為何需要注意力：每個查詢都拿到同一個固定上下文</translation>
    </message>
    <message>
        <source>An encoder that passes on only its final state squeezes the whole input into one vector, and every output step of the decoder receives that same vector. Here six encoder states h1 to h6 each have a key (left plane) and a value (right plane). The black square is the fixed context of a final-state encoder: the last value, h6 = [2, -3]; the black diamond is the other common choice, the mean of the values, [0, 0]. Whatever a decoder query asks, it gets one of these. Attention instead lets each query weigh all six states: the coloured dots are the three queries' own contexts C = AV. Drag a query's arrow (or select it with 1, 2, 3 and move it with the arrow keys) and watch which markers move.</source>
        <translation>只把最終狀態交出去的編碼器，會把整段輸入擠進一個向量，而解碼器的每一個輸出步驟都收到同一個向量。這裡六個編碼器狀態 h1 到 h6 各有一個鍵（左邊的平面）和一個值（右邊的平面）。黑色方框是最終狀態編碼器的固定上下文：最後一個值 h6 = [2, -3]；黑色菱形是另一個常見的選擇，所有值的平均 [0, 0]。不論解碼器的查詢問什麼，拿到的都是其中之一。注意力則讓每個查詢衡量全部六個狀態：彩色圓點是三個查詢各自的上下文 C = AV。拖曳查詢的箭頭（或用 1、2、3 選擇查詢，再用方向鍵移動），看看哪些標記會移動。</translation>
    </message>
    <message>
        <source>The three queries point three different ways, but they are short. Before dragging: are their contexts as far apart as the values they point at, or do they huddle together? Near which fixed context?</source>
        <translation>三個查詢指向三個不同的方向，但都很短。拖曳之前先想想：它們的上下文彼此相距，會像它們指向的那些值一樣遠，還是擠在一起？靠近哪一個固定上下文？</translation>
    </message>
    <message>
        <source>They huddle near the mean [0, 0], each within 1 of it, and the two farthest apart are only about 1.42 apart, while the values lie about 8 apart: short queries score every key almost alike, so the weights are nearly even and each context is nearly the plain average. Lengthen a query and its weight gathers on the states it points at: its context moves out towards their values, while both fixed contexts stay where they are.</source>
        <translation>它們擠在平均 [0, 0] 附近，每個都在距離 1 之內，相距最遠的兩個也只相距約 1.42，而值彼此相距約 8：短的查詢給每個鍵的分數幾乎一樣，所以權重接近平均，每個上下文也就接近單純的平均值。把查詢拉長，它的權重就集中到它指向的狀態上：它的上下文往那些值移動，而兩個固定上下文都留在原地。</translation>
    </message>
    <message>
        <source>Your guess: how far apart are the two contexts that lie farthest apart?</source>
        <translation>你的猜測：相距最遠的兩個上下文相距多遠？</translation>
    </message>
    <message>
        <source>widest distance between two contexts</source>
        <translation>兩個上下文之間的最遠距離</translation>
    </message>
    <message>
        <source>Every query gets the same fixed context</source>
        <translation>每個查詢都拿到同一個固定上下文</translation>
    </message>
    <message>
        <source>last state h6 = [2, -3], mean of the values = [0, 0], for every query</source>
        <translation>最後狀態 h6 = [2, -3]，所有值的平均 = [0, 0]，每個查詢都一樣</translation>
    </message>
    <message>
        <source>Short queries stay near the mean</source>
        <translation>短的查詢停在平均附近</translation>
    </message>
    <message>
        <source>every attention context lies within 1 of the mean [0, 0]</source>
        <translation>每個注意力上下文與平均 [0, 0] 的距離都在 1 之內</translation>
    </message>
    <message>
        <source>How far from the mean are the three contexts before you drag?</source>
        <translation>拖曳之前，三個上下文離平均有多遠？</translation>
    </message>
    <message>
        <source>Two queries, two clearly different contexts</source>
        <translation>兩個查詢，兩個明顯不同的上下文</translation>
    </message>
    <message>
        <source>two attention contexts at least %1 apart, from the same keys and values</source>
        <translation>兩個注意力上下文相距至少 %1，鍵與值都沒變</translation>
    </message>
    <message>
        <source>Drag two queries apart until their contexts lie at least %1 apart (the lab shows the widest distance).</source>
        <translation>把兩個查詢往不同方向拖，直到它們的上下文相距至少 %1（實驗室會顯示最遠的距離）。</translation>
    </message>
    <message>
        <source>Attention can hand back the last state too</source>
        <translation>注意力也能交回最後狀態</translation>
    </message>
    <message>
        <source>one query's context within 1 of h6's value [2, -3]</source>
        <translation>有一個查詢的上下文與 h6 的值 [2, -3] 距離在 1 之內</translation>
    </message>
    <message>
        <source>Point one query at h6's key [1, -2] and lengthen it until its context lies within 1 of the fixed last-state context.</source>
        <translation>讓一個查詢指向 h6 的鍵 [1, -2]，再把它拉長，直到它的上下文與固定的最後狀態上下文距離在 1 之內。</translation>
    </message>
    <message>
        <source>Practice 5: where Q, K and V come from</source>
        <translation>練習 5：Q、K、V 從哪裡來</translation>
    </message>
    <message>
        <source>So far Q, K and V were typed in. In a model they are made: every token has an embedding (a row of X), and three learned matrices turn it into its query, key and value: Q = X W_Q, K = X W_K, V = X W_V. Here the four tokens x1 to x4 live in a plane, so you can drag them. One token feeds one row of each of Q, K and V. Add a second stream Y and the keys and values come from Y instead, while the queries still come from X: that is cross-attention.</source>
        <translation>到目前為止，Q、K、V 都是直接輸入的。在模型裡它們是算出來的：每個詞元有一個嵌入向量（X 的一列），三個學到的矩陣把它變成它的查詢、鍵與值：Q = X W_Q、K = X W_K、V = X W_V。這裡的四個詞元 x1 到 x4 位在一個平面上，可以拖曳。一個詞元供給 Q、K、V 各一列。加上第二個序列 Y 後，鍵與值改由 Y 產生，查詢仍來自 X：這就是交叉注意力。</translation>
    </message>
    <message>
        <source>Work out q1 = x1 W_Q by hand (x1 = [1, 0.25]). Then predict: when you drag x2, which rows of Q, K and V move?</source>
        <translation>先用手算出 q1 = x1 W_Q（x1 = [1, 0.25]）。再預測：拖曳 x2 時，Q、K、V 的哪幾列會移動？</translation>
    </message>
    <message>
        <source>q1 = [1 × 1.5 + 0.25 × (−0.5), 1 × 0.5 + 0.25 × 1.5] = [1.375, 0.875]. Dragging x2 moves row 2 of Q, of K and of V together, and nothing else: in self-attention a token is a query, a key and a value at once. In cross-attention dragging a token of X moves only its query, and a token of Y only its key and value.</source>
        <translation>q1 = [1 × 1.5 + 0.25 × (−0.5), 1 × 0.5 + 0.25 × 1.5] = [1.375, 0.875]。拖曳 x2 會同時移動 Q、K、V 的第 2 列，其他都不動：在自注意力中，一個詞元同時是查詢、鍵與值。在交叉注意力中，拖曳 X 的詞元只會移動它的查詢，拖曳 Y 的詞元只會移動它的鍵與值。</translation>
    </message>
    <message>
        <source>One stream</source>
        <translation>單一序列</translation>
    </message>
    <message>
        <source>Q, K and V all come from X</source>
        <translation>Q、K、V 都來自 X</translation>
    </message>
    <message>
        <source>Query of x1</source>
        <translation>x1 的查詢</translation>
    </message>
    <message>
        <source>What is q1 = x1 W_Q?</source>
        <translation>q1 = x1 W_Q 是多少？</translation>
    </message>
    <message>
        <source>A token moved</source>
        <translation>移動了一個詞元</translation>
    </message>
    <message>
        <source>its query, key and value moved with it</source>
        <translation>它的查詢、鍵與值跟著移動</translation>
    </message>
    <message>
        <source>Drag a token of X in the lab and watch its query, key and value</source>
        <translation>在實驗室中拖曳 X 的一個詞元，觀察它的查詢、鍵與值</translation>
    </message>
    <message>
        <source>Two streams</source>
        <translation>兩個序列</translation>
    </message>
    <message>
        <source>Q from X; K and V from Y</source>
        <translation>Q 來自 X；K 與 V 來自 Y</translation>
    </message>
    <message>
        <source>Switch the lab to cross-attention</source>
        <translation>把實驗室切換成交叉注意力</translation>
    </message>
</context>
<context>
    <name>attnlens::LessonConventionView</name>
    <message>
        <source>What frameworks do with an all-masked row</source>
        <translation>各框架如何處理全部被遮罩的列</translation>
    </message>
    <message>
        <source>For one query row, the weights each convention would give if every key were masked. The model is not changed.</source>
        <translation>針對一個查詢列，若每個鍵都被遮罩時各種慣例會給出的權重。模型本身不會被改變。</translation>
    </message>
    <message>
        <source>If every key of</source>
        <translation>如果</translation>
    </message>
    <message>
        <source>Query row</source>
        <translation>查詢列</translation>
    </message>
    <message>
        <source>were masked:</source>
        <translation>的每個鍵都被遮罩：</translation>
    </message>
    <message>
        <source>undefined: no allowed key</source>
        <translation>未定義：沒有允許的鍵</translation>
    </message>
    <message>
        <source>Attention Lens itself always refuses: %1</source>
        <translation>Attention Lens 本身一律拒絕：%1</translation>
    </message>
    <message>
        <source>Attention Lens itself always refuses such a row.</source>
        <translation>Attention Lens 本身一律拒絕這樣的列。</translation>
    </message>
    <message>
        <source>%1, … (%2 keys in all)</source>
        <comment>the first weights of a long row</comment>
        <translation>%1，…（共 %2 個鍵）</translation>
    </message>
</context>
<context>
    <name>attnlens::LessonGuessCheck</name>
    <message>
        <source>Type a guess first.</source>
        <translation>請先輸入猜測。</translation>
    </message>
    <message>
        <source>"%1" is not a number.</source>
        <translation>「%1」不是數字。</translation>
    </message>
    <message>
        <source>Type one number; you typed %1.</source>
        <translation>請輸入一個數字；你輸入了 %1 個。</translation>
    </message>
    <message>
        <source>Type %1 numbers (%2); you typed %3.</source>
        <translation>請輸入 %1 個數字（%2）；你輸入了 %3 個。</translation>
    </message>
    <message>
        <source>This step takes no guess.</source>
        <translation>這個步驟不需要猜測。</translation>
    </message>
    <message>
        <source>"%1" is none of %2.</source>
        <translation>「%1」不是 %2 之中的任何一個。</translation>
    </message>
    <message>
        <source>%1 appears twice.</source>
        <translation>%1 出現了兩次。</translation>
    </message>
    <message>
        <source>%1 is missing: rank every one of %2.</source>
        <translation>缺少 %1：請為 %2 全部排序。</translation>
    </message>
    <message>
        <source>Right order: %1.</source>
        <translation>順序正確：%1。</translation>
    </message>
    <message>
        <source>Not the live order. Live: %1; yours: %2.</source>
        <translation>與即時的順序不同。即時：%1；你的：%2。</translation>
    </message>
    <message>
        <source>%1 and %2 tie; you put %3 first.</source>
        <translation>%1 與 %2 並列；你把 %3 排在前面。</translation>
    </message>
    <message>
        <source>%1 and %2 do not tie: %3 comes first.</source>
        <translation>%1 與 %2 並非並列：%3 在前。</translation>
    </message>
    <message>
        <source>%1 and %2 swapped: %3 comes first.</source>
        <translation>%1 與 %2 順序顛倒：%3 在前。</translation>
    </message>
    <message>
        <source>right</source>
        <translation>正確</translation>
    </message>
    <message>
        <source>%1 too high</source>
        <translation>高了 %1</translation>
    </message>
    <message>
        <source>%1 too low</source>
        <translation>低了 %1</translation>
    </message>
    <message>
        <source>%1 you %2, live %3: %4</source>
        <translation>%1 你猜 %2，即時值 %3：%4</translation>
    </message>
    <message>
        <source>%1 %2: you %3, live %4: %5</source>
        <translation>%1 %2：你猜 %3，即時值 %4：%5</translation>
    </message>
    <message>
        <source>Right to 4 decimals.</source>
        <translation>精確到小數點後 4 位都正確。</translation>
    </message>
    <message>
        <source>Close: within %1 of the live value.</source>
        <translation>很接近：與即時值相差不到 %1。</translation>
    </message>
    <message>
        <source>Close: every entry within %1 of the live numbers.</source>
        <translation>很接近：每一項與即時數值相差都不到 %1。</translation>
    </message>
    <message>
        <source>Not quite: more than %1 away from the live value.</source>
        <translation>還差一點：與即時值相差超過 %1。</translation>
    </message>
    <message>
        <source>%1 of %2 entries within %3; furthest off: %4.</source>
        <translation>%2 項中有 %1 項相差不到 %3；差最多的是 %4。</translation>
    </message>
</context>
<context>
    <name>attnlens::LessonPanel</name>
    <message>
        <source>Lesson</source>
        <translation>課程</translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation>檢查點</translation>
    </message>
    <message>
        <source>You changed the scenario.</source>
        <translation>你已改變了情境。</translation>
    </message>
    <message>
        <source>Back to the checkpoint</source>
        <translation>回到檢查點</translation>
    </message>
    <message>
        <source>Load this step's scenario again (undo brings your changes back).</source>
        <translation>重新載入此步驟的情境（復原可找回你的變更）。</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Previous step (PageUp)</source>
        <translation>上一個步驟（PageUp）</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Next step (PageDown)</source>
        <translation>下一個步驟（PageDown）</translation>
    </message>
    <message>
        <source>The lesson</source>
        <translation>課程</translation>
    </message>
    <message>
        <source>Press Next (or PageDown) to start.</source>
        <translation>按「下一步」（或 PageDown）開始。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Predict first:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;先預測：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>%1: holds</source>
        <translation>%1：成立</translation>
    </message>
    <message>
        <source>%1: does not hold</source>
        <translation>%1：不成立</translation>
    </message>
    <message>
        <source>Your guess</source>
        <translation>你的猜測</translation>
    </message>
    <message>
        <source>Reveal the answers</source>
        <translation>揭曉答案</translation>
    </message>
    <message>
        <source>Show this step's answers and compare your guess with the live result (R, or PageDown from a presenter clicker).</source>
        <translation>顯示此步驟的答案，並把你的猜測與即時結果比較（R，或簡報遙控器的 PageDown）。</translation>
    </message>
    <message>
        <source>Your guess against the live result</source>
        <translation>你的猜測與即時結果的比較</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>Hide answers until revealed</source>
        <translation>揭曉前隱藏答案</translation>
    </message>
    <message>
        <source>On: each step asks for a prediction and shows its answers only after Reveal. Off, for self-study: every step shows its answers at once.</source>
        <translation>開啟：每個步驟先要求預測，按下揭曉後才顯示答案。關閉（自學用）：每個步驟立即顯示答案。</translation>
    </message>
    <message>
        <source>Hide answers until revealed (off for self-study: answers at once)</source>
        <translation>揭曉前隱藏答案（自學時可關閉：立即顯示答案）</translation>
    </message>
    <message>
        <source>Keys: PageDown (a presenter clicker's "next") or R reveals the answers, PageDown again goes to the next step, PageUp goes back. Enter in the guess field reveals too.</source>
        <translation>按鍵：PageDown（簡報遙控器的「下一頁」）或 R 揭曉答案，再按一次 PageDown 前往下一步，PageUp 返回上一步。在猜測欄中按 Enter 也會揭曉。</translation>
    </message>
    <message>
        <source>for example %1</source>
        <translation>例如 %1</translation>
    </message>
    <message>
        <source>Type the items from most to least, for example A &gt; C &gt; B; = for a tie.</source>
        <translation>由大到小輸入各項，例如 A &gt; C &gt; B；並列時用 =。</translation>
    </message>
    <message>
        <source>Type numbers separated by spaces or commas.</source>
        <translation>輸入數字，以空格或逗號分隔。</translation>
    </message>
    <message>
        <source>To do: %1</source>
        <translation>待辦：%1</translation>
    </message>
    <message>
        <source>%1: answer hidden until the reveal</source>
        <translation>%1：答案在揭曉前隱藏</translation>
    </message>
    <message>
        <source>You typed no guess.</source>
        <translation>你沒有輸入猜測。</translation>
    </message>
    <message>
        <source>Not understood: %1</source>
        <translation>無法理解：%1</translation>
    </message>
    <message>
        <source>Noted: %1. Reveal to compare.</source>
        <translation>已記下：%1。揭曉後比較。</translation>
    </message>
    <message>
        <source>Noted. Reveal to compare.</source>
        <translation>已記下。揭曉後比較。</translation>
    </message>
    <message>
        <source>The current scenario is refused, so there is no live result to compare with.</source>
        <translation>目前的情境被拒絕，所以沒有即時結果可供比較。</translation>
    </message>
    <message>
        <source>The guided lesson, not started. Press PageDown to start.</source>
        <translation>導引課程，尚未開始。按 PageDown 開始。</translation>
    </message>
    <message>
        <source>Lesson step %1 of %2: %3.</source>
        <translation>課程步驟 %1 / %2：%3。</translation>
    </message>
    <message>
        <source>Answers shown; PageDown goes to the next step.</source>
        <translation>答案已顯示；按 PageDown 前往下一步。</translation>
    </message>
    <message>
        <source>Answers hidden: predict first, then press R or PageDown to reveal them.</source>
        <translation>答案已隱藏：先預測，再按 R 或 PageDown 揭曉。</translation>
    </message>
    <message>
        <source>Reveal (R)</source>
        <translation>揭曉（R）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Answer:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;答案：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>Revealed</source>
        <translation>已揭曉</translation>
    </message>
</context>
<context>
    <name>attnlens::LessonReferenceTable</name>
    <message>
        <source>Reference check</source>
        <translation>參考比對</translation>
    </message>
    <message>
        <source>The engine's scores, weights and context beside the float64 reference answers, with the absolute difference and the tolerance.</source>
        <translation>引擎算出的分數、權重與上下文向量，並列 float64 參考答案、絕對差異與容許誤差。</translation>
    </message>
    <message>
        <source>Reference case</source>
        <translation>參考案例</translation>
    </message>
    <message>
        <source>Engine beside reference</source>
        <translation>引擎與參考並列</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>格子</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>參考</translation>
    </message>
    <message>
        <source>|Δ|</source>
        <translation>|Δ|</translation>
    </message>
    <message>
        <source>Tol.</source>
        <translation>容許</translation>
    </message>
    <message>
        <source>Tolerance: 1e-9 × |reference| (+1e-15)</source>
        <translation>容許誤差：1e-9 × |參考值|（+1e-15）</translation>
    </message>
    <message>
        <source>%1 of %2 cells in %3 cases agree within 1e-9 (relative); the largest difference is %4.</source>
        <translation>%3 個案例中的 %2 個格子有 %1 個在 1e-9（相對）之內一致；最大差異為 %4。</translation>
    </message>
</context>
<context>
    <name>attnlens::MainWindow</name>
    <message>
        <source>Drag a query arrow, slide the temperature or click a mask cell.</source>
        <translation>拖曳查詢箭頭、滑動溫度，或點選遮罩格。</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>溫度</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>熱圖</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>權重</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>遮罩</translation>
    </message>
    <message>
        <source>Worked numbers</source>
        <translation>計算過程</translation>
    </message>
    <message>
        <source>Matrices</source>
        <translation>矩陣</translation>
    </message>
    <message>
        <source>History</source>
        <translation>歷程</translation>
    </message>
    <message>
        <source>Every edit so far, oldest first; click one to go back to it.</source>
        <translation>到目前為止的每一次編輯，最舊的在前；點選一項即可回到該處。</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新增(&amp;N)</translation>
    </message>
    <message>
        <source>Start a small untitled scenario: two queries, three keys, d = 2.</source>
        <translation>開始一個小型的未命名情境：兩個查詢、三個鍵，d = 2。</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>開啟(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scenario (.json) or a figure exported by Attention Lens (.png).</source>
        <translation>開啟情境（.json）或 Attention Lens 匯出的圖片（.png）。</translation>
    </message>
    <message>
        <source>Open &amp;Built-in</source>
        <translation>開啟內建情境(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存新檔(&amp;A)…</translation>
    </message>
    <message>
        <source>Export &amp;Evidence…</source>
        <translation>匯出證據(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the scenario with its scores, weights and context (or the reason it is refused) as evidence JSON.</source>
        <translation>將情境連同其分數、權重與上下文向量（或被拒絕的原因）寫成證據 JSON。</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重設版面配置(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>Start the &amp;Lesson</source>
        <translation>開始課程(&amp;L)</translation>
    </message>
    <message>
        <source>Walk through the notebook's lesson step by step, with live checkpoints.</source>
        <translation>一步步走過筆記本中的課程，並有即時檢查點。</translation>
    </message>
    <message>
        <source>&amp;About Attention Lens</source>
        <translation>關於 Attention Lens(&amp;A)</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>已開啟 %1。</translation>
    </message>
    <message>
        <source>The autosave could not be read; it is kept as %1.</source>
        <translation>無法讀取自動儲存檔；已保留為 %1。</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Restored “%1”; it is not saved yet.</source>
        <translation>已還原「%1」；尚未儲存。</translation>
    </message>
    <message>
        <source>%1 Note: %2</source>
        <translation>%1 注意：%2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1[*] — Attention Lens</source>
        <translation>%1[*] — Attention Lens</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>課程</translation>
    </message>
    <message>
        <source>&amp;Lesson</source>
        <translation>課程(&amp;L)</translation>
    </message>
    <message>
        <source>Show or hide the guided lesson.</source>
        <translation>顯示或隱藏導覽課程。</translation>
    </message>
    <message>
        <source>Weights table</source>
        <translation>權重表</translation>
    </message>
    <message>
        <source>Show the weights and the context vector as a table that a screen reader reads cell by cell.</source>
        <translation>以表格顯示權重與上下文向量，螢幕閱讀器可逐格朗讀。</translation>
    </message>
    <message>
        <source>Te&amp;xt Size</source>
        <translation>文字大小(&amp;X)</translation>
    </message>
    <message>
        <source>F9: the guided lesson</source>
        <translation>F9：導覽課程</translation>
    </message>
    <message>
        <source>How to open the lesson</source>
        <translation>如何開啟課程</translation>
    </message>
    <message>
        <source>All heads</source>
        <translation>所有頭</translation>
    </message>
    <message>
        <source>Show every head's weights side by side</source>
        <translation>並排顯示每個頭的權重</translation>
    </message>
    <message>
        <source>%1 (all heads)</source>
        <comment>a panel shared by every head</comment>
        <translation>%1（所有頭）</translation>
    </message>
    <message>
        <source>Export as Num&amp;Py…</source>
        <translation>匯出為 NumPy(&amp;P)…</translation>
    </message>
    <message>
        <source>Write Q, K, V, the mask and every head's scores, weights and context as a NumPy .npz, to read with np.load.</source>
        <translation>將 Q、K、V、遮罩，以及每個注意力頭的分數、權重與上下文向量寫成 NumPy .npz 檔，可用 np.load 讀取。</translation>
    </message>
    <message>
        <source>&amp;Import NumPy Capture…</source>
        <translation>匯入 NumPy 擷取檔(&amp;I)…</translation>
    </message>
    <message>
        <source>Open attention captured from a model: q, k, v (and a mask, tokens) saved with NumPy as .npz or .npy.</source>
        <translation>開啟從模型擷取的注意力：以 NumPy 存成 .npz 或 .npy 的 q、k、v（以及遮罩、詞元）。</translation>
    </message>
</context>
<context>
    <name>attnlens::MaskEditor</name>
    <message>
        <source>row %1 (%2)</source>
        <translation>第 %1 列（%2）</translation>
    </message>
    <message>
        <source>all allowed</source>
        <translation>全部允許</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>padding</source>
        <translation>填充</translation>
    </message>
    <message>
        <source>invert</source>
        <translation>反轉</translation>
    </message>
    <message>
        <source>“%1” refused: %2 would have no allowed key, and softmax over no keys is undefined.</source>
        <translation>「%1」被拒絕：%2 將沒有允許的鍵，而對零個鍵做 softmax 沒有定義。</translation>
    </message>
    <message>
        <source>padding with causal</source>
        <translation>填充並結合因果</translation>
    </message>
    <message>
        <source>padding without causal</source>
        <translation>僅填充不含因果</translation>
    </message>
    <message>
        <source>Row %1 (%2) needs at least one allowed key: %3 is its last, and softmax over no keys is undefined.</source>
        <translation>第 %1 列（%2）至少需要一個允許的鍵：%3 是它最後一個，而對零個鍵做 softmax 沒有定義。</translation>
    </message>
    <message>
        <source>%1 is a real key</source>
        <translation>%1 是真實的鍵</translation>
    </message>
    <message>
        <source>%1 is padding</source>
        <translation>%1 是填充</translation>
    </message>
</context>
<context>
    <name>attnlens::MaskGridCanvas</name>
    <message>
        <source>mask grid</source>
        <translation>遮罩格</translation>
    </message>
    <message>
        <source>One row per query and one column per key. Filled cells are allowed, hatched grey cells with a cross are blocked. Click a cell, or move with the arrow keys and press Space, to toggle it. The row under the grid marks which keys are real tokens for the padding preset.</source>
        <translation>每個查詢一列、每個鍵一欄。實心格子為允許，帶叉號的灰色斜線格子為封鎖。點選格子，或用方向鍵移動後按空白鍵，即可切換。格子下方那一列標示哪些鍵是填充預設中的真實詞元。</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>real key</source>
        <translation>真實鍵</translation>
    </message>
    <message>
        <source>undefined: no allowed key</source>
        <translation>未定義：沒有允許的鍵</translation>
    </message>
    <message>
        <source>Query row %1 %2: click to select it in every view.</source>
        <translation>查詢列 %1 %2：點選即可在每個檢視中選取它。</translation>
    </message>
    <message>
        <source>Key %1 %2 is %3.
The padding preset keeps only real keys (is_real_key). Click or press Space to mark it as %4.</source>
        <translation>鍵 %1 %2 是%3。
填充預設只保留真實的鍵（is_real_key）。點選或按空白鍵可將它標為%4。</translation>
    </message>
    <message>
        <source>a real token</source>
        <translation>真實詞元</translation>
    </message>
    <message>
        <source>padding</source>
        <translation>填充</translation>
    </message>
    <message>
        <source>Query row %1 %2 → key %3 %4: </source>
        <translation>查詢列 %1 %2 → 鍵 %3 %4：</translation>
    </message>
    <message>
        <source>blocked.
This row is undefined: no allowed key. Click a cell in it to allow that key.</source>
        <translation>已封鎖。
此列未定義：沒有允許的鍵。點選其中一格即可允許該鍵。</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>允許</translation>
    </message>
    <message>
        <source>, weight %1 (%2)</source>
        <translation>，權重 %1（%2）</translation>
    </message>
    <message>
        <source>.
The only allowed key of this row: it cannot be blocked.</source>
        <translation>。
這是此列唯一允許的鍵：無法封鎖。</translation>
    </message>
    <message>
        <source>.
Click or press Space to block it.</source>
        <translation>。
點選或按空白鍵即可封鎖它。</translation>
    </message>
    <message>
        <source>blocked, weight exactly 0.
Click or press Space to allow it.</source>
        <translation>已封鎖，權重恰為 0。
點選或按空白鍵即可允許它。</translation>
    </message>
    <message>
        <source>No mask: the scenario has no queries or no keys.</source>
        <translation>沒有遮罩：此情境沒有查詢或沒有鍵。</translation>
    </message>
    <message>
        <source>Arrow keys: move the dashed cell · Space or Enter: allow or block it</source>
        <translation>方向鍵：移動虛線格 · 空白鍵或 Enter：允許或封鎖該格</translation>
    </message>
    <message>
        <source>Cell %1 → %2: %3. Row %1 allows %4 of %5 keys.</source>
        <translation>格子 %1 → %2：%3。第 %1 列允許 %5 個鍵中的 %4 個。</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>已封鎖</translation>
    </message>
    <message>
        <source>Real-key row, %1.</source>
        <translation>真實鍵列，%1。</translation>
    </message>
    <message>
        <source>Key %1 %2</source>
        <translation>鍵 %1 %2</translation>
    </message>
    <message>
        <source>Block %1 → %2</source>
        <translation>封鎖 %1 → %2</translation>
    </message>
    <message>
        <source>Allow %1 → %2</source>
        <translation>允許 %1 → %2</translation>
    </message>
    <message>
        <source>Paint mask (%1 cells)</source>
        <translation>繪製遮罩（%1 個格子）</translation>
    </message>
</context>
<context>
    <name>attnlens::MaskGridView</name>
    <message>
        <source>Mask</source>
        <translation>遮罩</translation>
    </message>
    <message>
        <source>Which keys each query may attend to. Rows are queries, columns are keys; click a cell to allow or block it, or use a preset. A row must keep at least one allowed key, since softmax over no keys is undefined.</source>
        <translation>每個查詢可以關注哪些鍵。列是查詢，欄是鍵；點選格子可允許或封鎖它，也可使用預設。每一列至少要保留一個允許的鍵，因為對零個鍵做 softmax 沒有定義。</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>預設</translation>
    </message>
    <message>
        <source>Every query may attend to every key (no mask).</source>
        <translation>每個查詢都可關注每個鍵（無遮罩）。</translation>
    </message>
    <message>
        <source>Query i may attend to keys 1..i only: a decoder cannot see the future.</source>
        <translation>查詢 i 只能關注鍵 1..i：解碼器看不到未來。</translation>
    </message>
    <message>
        <source>Keep only the keys ticked as “real key” under the grid: padding tokens are blocked for every query. With “with causal” ticked the causal mask is combined by AND (the notebook's allowed &amp; is_real_key[None, :]); untick it for a pure padding mask. Refused if a row would be left with no allowed key.</source>
        <translation>只保留格子下方勾選為「真實鍵」的鍵：填充詞元對每個查詢都被封鎖。勾選「結合因果」時，以 AND 結合因果遮罩（即筆記本中的 allowed &amp; is_real_key[None, :]）；取消勾選則為純填充遮罩。若會使某列沒有允許的鍵，則拒絕套用。</translation>
    </message>
    <message>
        <source>Allowed cells become blocked and blocked cells allowed; refused if a row would be left with no allowed key.</source>
        <translation>允許的格子變為封鎖，封鎖的格子變為允許；若會使某列沒有允許的鍵，則拒絕套用。</translation>
    </message>
    <message>
        <source>with causal</source>
        <translation>結合因果</translation>
    </message>
    <message>
        <source>padding preset includes the causal mask</source>
        <translation>填充預設包含因果遮罩</translation>
    </message>
    <message>
        <source>The padding preset's causal part. Ticked: query i may see key j only if j ≤ i AND key j is a real token (causal &amp; padding, as in the notebook). Unticked: a pure padding mask, every query sees every real key. While the padding preset is the current mask, changing this applies at once.</source>
        <translation>填充預設中的因果部分。勾選：只有當 j ≤ i 且鍵 j 是真實詞元時，查詢 i 才能看到鍵 j（因果 &amp; 填充，與筆記本相同）。未勾選：純填充遮罩，每個查詢都能看到每個真實的鍵。當目前的遮罩是填充預設時，變更會立即套用。</translation>
    </message>
    <message>
        <source>mask preset %1</source>
        <translation>遮罩預設 %1</translation>
    </message>
</context>
<context>
    <name>attnlens::MatrixEditorView</name>
    <message>
        <source>Matrices</source>
        <translation>矩陣</translation>
    </message>
    <message>
        <source>Add &amp;Query</source>
        <translation>新增查詢(&amp;Q)</translation>
    </message>
    <message>
        <source>Insert a query (all zeros) after the current query row</source>
        <translation>在目前的查詢列之後插入一個查詢（全為零）</translation>
    </message>
    <message>
        <source>Remove Q&amp;uery</source>
        <translation>移除查詢(&amp;U)</translation>
    </message>
    <message>
        <source>Remove the current query row; a scenario keeps at least one</source>
        <translation>移除目前的查詢列；情境至少保留一個</translation>
    </message>
    <message>
        <source>Add &amp;Key</source>
        <translation>新增鍵(&amp;K)</translation>
    </message>
    <message>
        <source>Insert a key with its value (all zeros) after the current key row; every query may attend to it</source>
        <translation>在目前的鍵列之後插入一個鍵及其值（全為零）；每個查詢都可關注它</translation>
    </message>
    <message>
        <source>Remove K&amp;ey</source>
        <translation>移除鍵(&amp;E)</translation>
    </message>
    <message>
        <source>Remove the current key row together with its value row</source>
        <translation>移除目前的鍵列及其值列</translation>
    </message>
    <message>
        <source>Re&amp;name Token…</source>
        <translation>重新命名詞元(&amp;N)…</translation>
    </message>
    <message>
        <source>Rename the token of the current row</source>
        <translation>重新命名目前這一列的詞元</translation>
    </message>
    <message>
        <source>&amp;Scenario</source>
        <translation>情境(&amp;S)</translation>
    </message>
    <message>
        <source>scenario name</source>
        <translation>情境名稱</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>（無名稱）</translation>
    </message>
    <message>
        <source>The scenario's name, shown in the window title; press Enter to rename</source>
        <translation>情境名稱，顯示於視窗標題；按 Enter 重新命名</translation>
    </message>
    <message>
        <source>Q · queries</source>
        <translation>Q · 查詢</translation>
    </message>
    <message>
        <source>K · keys</source>
        <translation>K · 鍵</translation>
    </message>
    <message>
        <source>V · values</source>
        <translation>V · 值</translation>
    </message>
    <message>
        <source>Queries: what each token is looking for (N_q × d_k)</source>
        <translation>查詢：每個詞元要找的東西（N_q × d_k）</translation>
    </message>
    <message>
        <source>Keys: what each token offers to be found by (N_k × d_k)</source>
        <translation>鍵：每個詞元用來被找到的依據（N_k × d_k）</translation>
    </message>
    <message>
        <source>Values: what each key hands over when attended to (N_k × d_v)</source>
        <translation>值：每個鍵被關注時交出的內容（N_k × d_v）</translation>
    </message>
    <message>
        <source>query matrix Q</source>
        <translation>查詢矩陣 Q</translation>
    </message>
    <message>
        <source>key matrix K</source>
        <translation>鍵矩陣 K</translation>
    </message>
    <message>
        <source>value matrix V</source>
        <translation>值矩陣 V</translation>
    </message>
    <message>
        <source>d_&amp;v</source>
        <translation>d_&amp;v</translation>
    </message>
    <message>
        <source>d_&amp;k</source>
        <translation>d_&amp;k</translation>
    </message>
    <message>
        <source>d_v, the number of value columns</source>
        <translation>d_v，值的欄數</translation>
    </message>
    <message>
        <source>d_v: columns of V (and of the context). Fewer drops the last columns, more adds zero columns.</source>
        <translation>d_v：V（以及上下文向量）的欄數。減少會刪去最後幾欄，增加會補上全為零的欄。</translation>
    </message>
    <message>
        <source>d_k, the number of query and key columns</source>
        <translation>d_k，查詢與鍵的欄數</translation>
    </message>
    <message>
        <source>Select a query row in Q first.</source>
        <translation>請先在 Q 中選取一個查詢列。</translation>
    </message>
    <message>
        <source>Select a key row in K or V first.</source>
        <translation>請先在 K 或 V 中選取一個鍵列。</translation>
    </message>
    <message>
        <source>Make d_k = %1? Column %2 of Q and K will be dropped with its numbers.

(Edit › Undo brings it back.)</source>
        <translation>要讓 d_k = %1 嗎？Q 與 K 的第 %2 欄將連同其數字一併刪去。

（編輯 › 復原可找回。）</translation>
    </message>
    <message>
        <source>Make d_k = %1? Columns %2–%3 of Q and K will be dropped with their numbers.

(Edit › Undo brings them back.)</source>
        <translation>要讓 d_k = %1 嗎？Q 與 K 的第 %2–%3 欄將連同其數字一併刪去。

（編輯 › 復原可找回。）</translation>
    </message>
    <message>
        <source>Drop columns of Q and K?</source>
        <translation>刪去 Q 與 K 的欄？</translation>
    </message>
    <message>
        <source>Make d_v = %1? Column %2 of V will be dropped with its numbers.

(Edit › Undo brings it back.)</source>
        <translation>要讓 d_v = %1 嗎？V 的第 %2 欄將連同其數字一併刪去。

（編輯 › 復原可找回。）</translation>
    </message>
    <message>
        <source>Make d_v = %1? Columns %2–%3 of V will be dropped with their numbers.

(Edit › Undo brings them back.)</source>
        <translation>要讓 d_v = %1 嗎？V 的第 %2–%3 欄將連同其數字一併刪去。

（編輯 › 復原可找回。）</translation>
    </message>
    <message>
        <source>Drop columns of V?</source>
        <translation>刪去 V 的欄？</translation>
    </message>
    <message>
        <source>Select a row to rename first.</source>
        <translation>請先選取要重新命名的列。</translation>
    </message>
    <message>
        <source>⚠ The scenario is refused: %1</source>
        <translation>⚠ 情境被拒絕：%1</translation>
    </message>
    <message>
        <source>One row per token; the first column is its label. Arrow keys move between cells; Enter or F2 edits a cell, Enter commits and Escape cancels.</source>
        <translation>每個詞元一列；第一欄是它的標籤。方向鍵在格子間移動；Enter 或 F2 編輯格子，Enter 確認，Esc 取消。</translation>
    </message>
    <message>
        <source>d_k: columns of Q and K. Fewer drops the last columns of both, more adds zero columns; scores are divided by √d_k.</source>
        <translation>d_k：Q 與 K 的欄數。減少會移除兩者的最後幾欄，增加會補上全為零的欄；分數會除以 √d_k。</translation>
    </message>
    <message>
        <source>Q, K and V as editable tables, one row per token. Type a number into a cell, rename a token in its label column, add or remove queries and keys (a key's value row comes and goes with it) and change d_k or d_v. The tables edit the head shown in every view; add, remove and rename heads above them. Every edit can be undone.</source>
        <translation>以可編輯的表格呈現 Q、K、V，每個詞元一列。在儲存格中輸入數字、在標籤欄重新命名詞元、新增或移除查詢與鍵（鍵的值列會隨之增減），以及變更 d_k 或 d_v。表格編輯的是各視圖目前顯示的頭；在表格上方可新增、移除和重新命名頭。每項編輯都可以復原。</translation>
    </message>
    <message>
        <source>Q, K and V are derived from tokens: each row is a token times W_Q, W_K or W_V. Move the tokens in the lab "Where Q, K and V come from", or detach to type numbers.</source>
        <translation>Q、K、V 是從詞元推導的：每一列都是一個詞元乘上 W_Q、W_K 或 W_V。請在實驗室「Q、K、V 從哪裡來」中移動詞元，或讓它們脫離詞元後再輸入數字。</translation>
    </message>
    <message>
        <source>De&amp;tach from tokens</source>
        <translation>脫離詞元(&amp;T)</translation>
    </message>
    <message>
        <source>Keep Q, K and V as they are and make them editable again</source>
        <translation>保留 Q、K、V 目前的數字，並讓它們可以再次編輯</translation>
    </message>
</context>
<context>
    <name>attnlens::MatrixTableModel</name>
    <message>
        <source>%1 row %2 (%3)</source>
        <translation>%1 第 %2 列（%3）</translation>
    </message>
    <message>
        <source>%1, label</source>
        <translation>%1，標籤</translation>
    </message>
    <message>
        <source>%1, column %2</source>
        <translation>%1，第 %2 欄</translation>
    </message>
    <message>
        <source>Query %1's label. Double-click (or F2) to rename it.</source>
        <translation>查詢 %1 的標籤。按兩下（或 F2）即可重新命名。</translation>
    </message>
    <message>
        <source>Key %1's label (its value row shares it). Double-click (or F2) to rename it.</source>
        <translation>鍵 %1 的標籤（其值列共用此標籤）。按兩下（或 F2）即可重新命名。</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查詢</translation>
    </message>
    <message>
        <source>key</source>
        <translation>鍵</translation>
    </message>
    <message>
        <source>The token's label</source>
        <translation>詞元的標籤</translation>
    </message>
    <message>
        <source>Column %1 of %2 (%3 = %4)</source>
        <translation>%2 的第 %1 欄（%3 = %4）</translation>
    </message>
    <message>
        <source>an empty entry is not a number</source>
        <translation>空白的輸入不是數字</translation>
    </message>
    <message>
        <source>'%1' is not a number</source>
        <translation>「%1」不是數字</translation>
    </message>
    <message>
        <source>'%1' is not a finite number (the engine refuses NaN and infinities)</source>
        <translation>「%1」不是有限數（引擎拒絕 NaN 與無限大）</translation>
    </message>
    <message>
        <source>%1: a label cannot be empty.</source>
        <translation>%1：標籤不可為空白。</translation>
    </message>
    <message>
        <source>%1: %2 is not a finite number (the engine refuses NaN and infinities)</source>
        <translation>%1：%2 不是有限數（引擎拒絕 NaN 與無限大）</translation>
    </message>
    <message>
        <source>%1: Q, K and V are derived from tokens (the lab "Where Q, K and V come from"); detach them there to type numbers.</source>
        <translation>%1：Q、K、V 是從詞元推導的（實驗室「Q、K、V 從哪裡來」）；要輸入數字，請先在那裡讓它們脫離詞元。</translation>
    </message>
</context>
<context>
    <name>attnlens::NumpyImportDialog</name>
    <message>
        <source>Import NumPy Capture</source>
        <translation>匯入 NumPy 擷取檔</translation>
    </message>
    <message>
        <source>one head: %1 queries × %2 keys, d_k = %3, d_v = %4</source>
        <translation>一個頭：%1 個查詢 × %2 個鍵，d_k = %3，d_v = %4</translation>
    </message>
    <message>
        <source>%1 heads, each %2 queries × %3 keys, d_k = %4, d_v = %5</source>
        <translation>%1 個頭，每個 %2 個查詢 × %3 個鍵，d_k = %4，d_v = %5</translation>
    </message>
    <message>
        <source>Arrays in the file: %1</source>
        <translation>檔案中的陣列：%1</translation>
    </message>
    <message>
        <source>Token labels: from the file.</source>
        <translation>詞元標籤：取自檔案。</translation>
    </message>
    <message>
        <source>Token labels: none in the file; they are numbered.</source>
        <translation>詞元標籤：檔案中沒有，改用編號。</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation> / %1</translation>
    </message>
    <message>
        <source>Example in the batch</source>
        <translation>批次中的範例</translation>
    </message>
    <message>
        <source>The capture holds %1 examples; choose the one to open.</source>
        <translation>擷取檔含有 %1 個範例；請選擇要開啟的一個。</translation>
    </message>
    <message>
        <source>&amp;Example:</source>
        <translation>範例(&amp;E)：</translation>
    </message>
</context>
<context>
    <name>attnlens::PredictFirstCover</name>
    <message>
        <source>Hidden until the reveal</source>
        <translation>揭曉前隱藏</translation>
    </message>
    <message>
        <source>Predict first</source>
        <translation>先預測</translation>
    </message>
</context>
<context>
    <name>attnlens::PresentationMode</name>
    <message>
        <source>Esc leaves presentation · Ctrl +/− text size</source>
        <translation>Esc 離開簡報 · Ctrl +/− 文字大小</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>簡報模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen for a lecture: only the key space, heatmap, weights, temperature and lesson, in high contrast with big text. Esc leaves.</source>
        <translation>授課用全螢幕：只顯示鍵空間、熱圖、權重、溫度與課程，高對比、大字體。按 Esc 離開。</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>放大文字(&amp;L)</translation>
    </message>
    <message>
        <source>Make the text of every view bigger (up to 250 %).</source>
        <translation>放大每個檢視的文字（最多 250 %）。</translation>
    </message>
    <message>
        <source>&amp;Smaller Text</source>
        <translation>縮小文字(&amp;S)</translation>
    </message>
    <message>
        <source>Make the text of every view smaller (down to 100 %).</source>
        <translation>縮小每個檢視的文字（最少 100 %）。</translation>
    </message>
    <message>
        <source>&amp;Normal Text Size</source>
        <translation>一般文字大小(&amp;N)</translation>
    </message>
    <message>
        <source>Leave Presentation Mode</source>
        <translation>離開簡報模式</translation>
    </message>
    <message>
        <source>The text is as large as this screen can hold.</source>
        <translation>文字已是此螢幕能容納的最大尺寸。</translation>
    </message>
    <message>
        <source>This is the smallest text the back of the room can read.</source>
        <translation>這已是教室後排仍能看清的最小字級。</translation>
    </message>
</context>
<context>
    <name>attnlens::PresentationStage</name>
    <message>
        <source>Presentation</source>
        <translation>簡報</translation>
    </message>
    <message>
        <source>Presentation hint</source>
        <translation>簡報提示</translation>
    </message>
</context>
<context>
    <name>attnlens::RecordingIndicator</name>
    <message>
        <source>Recording</source>
        <translation>錄製中</translation>
    </message>
    <message>
        <source>● Recording %1 — %2 frames</source>
        <translation>● 錄製中 %1 — %2 個畫格</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop recording</source>
        <translation>停止錄製</translation>
    </message>
    <message>
        <source>Stop the recording and save it as GIF, WebP or APNG</source>
        <translation>停止錄製，並存成 GIF、WebP 或 APNG</translation>
    </message>
    <message>
        <source>● Recording %1 — 1 frame</source>
        <translation>● 錄製中 %1 — 1 個畫格</translation>
    </message>
</context>
<context>
    <name>attnlens::ScaleLab</name>
    <message>
        <source>Why divide by √d_k</source>
        <translation>為什麼要除以 √d_k</translation>
    </message>
    <message>
        <source>Sixteen random queries and sixteen random keys whose coordinates are independent with variance 1. Their dot products spread like √d_k; the scaled scores stay near 1.</source>
        <translation>十六個隨機查詢與十六個隨機鍵，每個座標彼此獨立、變異數為 1。它們的內積分散程度隨 √d_k 增長；縮放後的分數則維持在 1 附近。</translation>
    </message>
</context>
<context>
    <name>attnlens::ScaleLabCanvas</name>
    <message>
        <source>√d_k lab: spreads and softmax with and without the division</source>
        <translation>√d_k 實驗：有無除法時的分散程度與 softmax</translation>
    </message>
    <message>
        <source>The spreads of the dot products and the scores are hidden until you reveal the answers (R).</source>
        <translation>點積與分數的分散程度在你揭曉答案（R）之前隱藏。</translation>
    </message>
    <message>
        <source>The engine refuses this scenario: %1</source>
        <translation>引擎拒絕計算此情境：%1</translation>
    </message>
    <message>
        <source>d_k = %1. %2: %3. %4: %5. Mean largest softmax weight: %6 without the division, %7 with it.</source>
        <translation>d_k = %1。%2：%3。%4：%5。平均最大 softmax 權重：未除時 %6，除後 %7。</translation>
    </message>
    <message>
        <source>√%1 = %2</source>
        <translation>√%1 = %2</translation>
    </message>
</context>
<context>
    <name>attnlens::ScaleLabPainter</name>
    <message>
        <source>Largest softmax weight of each query</source>
        <translation>每個查詢的最大 softmax 權重</translation>
    </message>
    <message>
        <source>without ÷√d_k</source>
        <translation>未 ÷√d_k</translation>
    </message>
    <message>
        <source>with ÷√d_k</source>
        <translation>有 ÷√d_k</translation>
    </message>
    <message>
        <source>mean largest weight: %1 without, %2 with</source>
        <translation>平均最大權重：未除 %1，除後 %2</translation>
    </message>
    <message>
        <source>mean entropy: %1 without, %2 with (even: %3 nats)</source>
        <translation>平均熵：未除 %1，除後 %2（均分時：%3 nats）</translation>
    </message>
    <message>
        <source>Raw dot products q·k</source>
        <translation>原始內積 q·k</translation>
    </message>
    <message>
        <source>Scaled scores q·k / √d_k</source>
        <translation>縮放後分數 q·k / √d_k</translation>
    </message>
    <message>
        <source>standard deviation %1 (expected %2)</source>
        <translation>標準差 %1（預期 %2）</translation>
    </message>
    <message>
        <source>above %1</source>
        <translation>超過 %1</translation>
    </message>
    <message>
        <source>%1 stretched × %2: its length %3 → %4, and %5's scaled score %6 → %7, ratio %8 (every query: %9)</source>
        <translation>%1 拉長 × %2：長度 %3 → %4，%5 的縮放後分數 %6 → %7，比值 %8（所有查詢：%9）</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>Why divide by √d_k: d_k = %1, %2 dot products</source>
        <translation>為什麼要除以 √d_k：d_k = %1，共 %2 個內積</translation>
    </message>
    <message>
        <source>Not the lab's random sample (press New sample): the expected spreads hold for coordinates of variance 1.</source>
        <translation>這不是實驗的隨機樣本（請按「新樣本」）：預期的分散程度只適用於變異數為 1 的座標。</translation>
    </message>
    <message>
        <source>√%1 = %2</source>
        <translation>√%1 = %2</translation>
    </message>
    <message>
        <source>Stretch a key: the division by √d_k scales every score alike, so a longer key keeps its higher scores.</source>
        <translation>拉長一個鍵試試：除以 √d_k 對每個分數的縮放都相同，所以較長的鍵仍保有較高的分數。</translation>
    </message>
    <message>
        <source>sd %1 (expected %2)</source>
        <translation>標準差 %1（預期 %2）</translation>
    </message>
    <message>
        <source>sd %1</source>
        <translation>標準差 %1</translation>
    </message>
    <message>
        <source>Largest weight per query</source>
        <translation>各查詢的最大權重</translation>
    </message>
    <message>
        <source>Largest weight</source>
        <translation>最大權重</translation>
    </message>
    <message>
        <source>without</source>
        <translation>未除</translation>
    </message>
    <message>
        <source>with</source>
        <translation>除後</translation>
    </message>
    <message>
        <source>mean largest: %1 / %2</source>
        <translation>平均最大：%1 / %2</translation>
    </message>
    <message>
        <source>mean entropy: %1 / %2 (even: %3)</source>
        <translation>平均熵：%1 / %2（均分：%3）</translation>
    </message>
    <message>
        <source>entropy %1 / %2</source>
        <translation>熵 %1 / %2</translation>
    </message>
    <message>
        <source>Why divide by √d_k: d_k = %1</source>
        <translation>為什麼要除以 √d_k：d_k = %1</translation>
    </message>
</context>
<context>
    <name>attnlens::ScaleLabView</name>
    <message>
        <source>√d_k lab</source>
        <translation>√d_k 實驗</translation>
    </message>
    <message>
        <source>Random queries and keys with unit-variance coordinates: change d_k, draw a new sample or stretch one key, and compare raw dot products with scaled scores.</source>
        <translation>座標變異數為 1 的隨機查詢與鍵：改變 d_k、抽取新樣本或拉長一個鍵，並比較原始內積與縮放後分數。</translation>
    </message>
    <message>
        <source>&amp;d_k:</source>
        <translation>d_k(&amp;D)：</translation>
    </message>
    <message>
        <source>Key dimension d_k</source>
        <translation>鍵的維度 d_k</translation>
    </message>
    <message>
        <source>Key dimension d_k, typed</source>
        <translation>鍵的維度 d_k（輸入）</translation>
    </message>
    <message>
        <source>&amp;New sample</source>
        <translation>新樣本(&amp;N)</translation>
    </message>
    <message>
        <source>New sample</source>
        <translation>新樣本</translation>
    </message>
    <message>
        <source>Draws new random queries and keys from the next seed.</source>
        <translation>以下一個種子抽取新的隨機查詢與鍵。</translation>
    </message>
    <message>
        <source>&amp;Stretch key:</source>
        <translation>拉長鍵(&amp;S)：</translation>
    </message>
    <message>
        <source>Key to stretch</source>
        <translation>要拉長的鍵</translation>
    </message>
    <message>
        <source>&amp;by ×</source>
        <translation>倍數(&amp;B) ×</translation>
    </message>
    <message>
        <source>Stretch factor</source>
        <translation>拉長倍數</translation>
    </message>
    <message>
        <source>Change d_k</source>
        <translation>改變 d_k</translation>
    </message>
    <message>
        <source>Set d_k to %1</source>
        <translation>將 d_k 設為 %1</translation>
    </message>
    <message>
        <source>New √d_k sample</source>
        <translation>新的 √d_k 樣本</translation>
    </message>
    <message>
        <source>Stretch %1 by %2</source>
        <translation>將 %1 拉長 %2 倍</translation>
    </message>
    <message>
        <source>Stretch no key</source>
        <translation>不拉長任何鍵</translation>
    </message>
    <message>
        <source>seed %1</source>
        <translation>種子 %1</translation>
    </message>
    <message>
        <source>(not a sample)</source>
        <translation>（不是樣本）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>From 1 to 512: the arrow keys step by 1, Home and End go to 1 and 512; the box beside it takes a typed value.</source>
        <translation>從 1 到 512：方向鍵每次調 1，Home 與 End 跳到 1 與 512；旁邊的方框可直接輸入數值。</translation>
    </message>
</context>
<context>
    <name>attnlens::ScenarioReference</name>
    <message>
        <source>%1 does not carry its scenario: it refers to the scenario file %2, %3. The figure was made from a file of %4 bytes (%5). Put that file back, or open the scenario file itself.</source>
        <translation>%1 並未內含其情境，而是指向情境檔案 %2，但該檔案%3。這張圖是由一個 %4 位元組的檔案製成（%5）。請將該檔案放回原處，或直接開啟情境檔案。</translation>
    </message>
    <message>
        <source>whose size has changed (it now has %1 bytes)</source>
        <translation>大小已改變（現在為 %1 位元組）</translation>
    </message>
    <message>
        <source>which is missing</source>
        <translation>已不存在</translation>
    </message>
    <message>
        <source>which is not a regular file</source>
        <translation>不是一般檔案</translation>
    </message>
    <message>
        <source>which is another PNG figure, not a scenario file</source>
        <translation>是另一張 PNG 圖，而不是情境檔案</translation>
    </message>
    <message>
        <source>which cannot be read (%1)</source>
        <translation>無法讀取（%1）</translation>
    </message>
    <message>
        <source>whose contents have changed (the same size, other bytes)</source>
        <translation>內容已改變（大小相同，位元組不同）</translation>
    </message>
    <message>
        <source>%1 refers to the scenario file %2, which holds a scenario of %3, not of %4 as the figure says</source>
        <translation>%1 指向情境檔案 %2，但該檔案中的情境為 %3，而不是圖中所記錄的 %4</translation>
    </message>
</context>
<context>
    <name>attnlens::ScoreLabPainter</name>
    <message>
        <source>%1 (d_q = %2) scores %3 encoder states (d_k = %4)</source>
        <translation>%1（d_q = %2）為 %3 個編碼器狀態評分（d_k = %4）</translation>
    </message>
    <message>
        <source>Scaled dot-product: score = q · k / √d_k</source>
        <translation>縮放點積：score = q · k / √d_k</translation>
    </message>
    <message>
        <source>General (Luong): score = q W kᵀ, not divided by √d_k</source>
        <translation>一般式（Luong）：score = q W kᵀ，不除以 √d_k</translation>
    </message>
    <message>
        <source>Additive (Bahdanau): score = wᵀ tanh(W_q q + W_k k), h = %1, not divided by √d_k</source>
        <translation>加性（Bahdanau）：score = wᵀ tanh(W_q q + W_k k)，h = %1，不除以 √d_k</translation>
    </message>
    <message>
        <source>d_q ≠ d_k: q · k is not defined, but W (%1 × %2) carries each key into the query's space</source>
        <translation>d_q ≠ d_k：q · k 沒有定義，但 W（%1 × %2）把每個鍵帶進查詢的空間</translation>
    </message>
    <message>
        <source>d_q ≠ d_k: q · k is not defined, but W_q and W_k carry both into one space of size h = %1</source>
        <translation>d_q ≠ d_k：q · k 沒有定義，但 W_q 與 W_k 把兩者帶進同一個大小為 h = %1 的空間</translation>
    </message>
    <message>
        <source>No queries or no keys to score.</source>
        <translation>沒有查詢或沒有鍵可評分。</translation>
    </message>
    <message>
        <source>tanh(W_q q + W_k k)</source>
        <translation>tanh(W_q q + W_k k)</translation>
    </message>
    <message>
        <source>tanh terms</source>
        <translation>tanh 項</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分數</translation>
    </message>
    <message>
        <source>weight (softmax)</source>
        <translation>權重（softmax）</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>權重</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已遮罩</translation>
    </message>
    <message>
        <source>%1 scores %2 states: d_q = %3, d_k = %4</source>
        <comment>a narrow lab</comment>
        <translation>%1 為 %2 個狀態評分：d_q = %3，d_k = %4</translation>
    </message>
    <message>
        <source>%1 scores %2 states</source>
        <comment>a very narrow lab</comment>
        <translation>%1 為 %2 個狀態評分</translation>
    </message>
    <message>
        <source>General: q W kᵀ, no √d_k</source>
        <comment>a narrow lab</comment>
        <translation>一般式：q W kᵀ，不除以 √d_k</translation>
    </message>
    <message>
        <source>Additive: wᵀ tanh(W_q q + W_k k), h = %1, no √d_k</source>
        <comment>a narrow lab</comment>
        <translation>加性：wᵀ tanh(W_q q + W_k k)，h = %1，不除以 √d_k</translation>
    </message>
    <message>
        <source>d_q ≠ d_k: W (%1 × %2) carries each key to the query's space</source>
        <comment>a narrow lab</comment>
        <translation>d_q ≠ d_k：W（%1 × %2）把每個鍵帶進查詢的空間</translation>
    </message>
    <message>
        <source>d_q ≠ d_k: W_q and W_k carry both to size h = %1</source>
        <comment>a narrow lab</comment>
        <translation>d_q ≠ d_k：W_q 與 W_k 把兩者帶到大小 h = %1</translation>
    </message>
</context>
<context>
    <name>attnlens::ScoreLabPicture</name>
    <message>
        <source>Scores of the encoder states</source>
        <translation>編碼器狀態的分數</translation>
    </message>
    <message>
        <source>Up / Down: point at an encoder state</source>
        <translation>上／下：指向一個編碼器狀態</translation>
    </message>
    <message>
        <source>No queries or no keys to score.</source>
        <translation>沒有查詢或沒有鍵可評分。</translation>
    </message>
    <message>
        <source>%1: score %2, weight %3</source>
        <translation>%1：分數 %2，權重 %3</translation>
    </message>
</context>
<context>
    <name>attnlens::ScoreLabView</name>
    <message>
        <source>Score function lab</source>
        <translation>分數函數實驗室</translation>
    </message>
    <message>
        <source>Choose how a decoder query scores the encoder states, edit the weights, and read the scores and weights per encoder state.</source>
        <translation>選擇解碼器查詢如何為編碼器狀態評分、編輯權重，並逐一讀出每個編碼器狀態的分數與權重。</translation>
    </message>
    <message>
        <source>&amp;Score:</source>
        <translation>分數(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;h:</source>
        <translation>&amp;h：</translation>
    </message>
    <message>
        <source>&amp;Decoder query:</source>
        <translation>解碼器查詢(&amp;D)：</translation>
    </message>
    <message>
        <source>Seeded &amp;weights</source>
        <translation>預設權重(&amp;W)</translation>
    </message>
    <message>
        <source>Put back the seeded starting weights of this score function</source>
        <translation>把這個分數函數的預設起始權重放回來</translation>
    </message>
    <message>
        <source>Score function</source>
        <translation>分數函數</translation>
    </message>
    <message>
        <source>Hidden size h of the additive score</source>
        <translation>加性分數的隱藏大小 h</translation>
    </message>
    <message>
        <source>Decoder query shown</source>
        <translation>顯示的解碼器查詢</translation>
    </message>
    <message>
        <source>Scaled dot-product</source>
        <translation>縮放點積</translation>
    </message>
    <message>
        <source>Scaled dot-product  q·k/√d_k</source>
        <translation>縮放點積  q·k/√d_k</translation>
    </message>
    <message>
        <source>General (Luong)</source>
        <translation>一般式（Luong）</translation>
    </message>
    <message>
        <source>General (Luong)  q W kᵀ</source>
        <translation>一般式（Luong）  q W kᵀ</translation>
    </message>
    <message>
        <source>Additive (Bahdanau)</source>
        <translation>加性（Bahdanau）</translation>
    </message>
    <message>
        <source>Additive (Bahdanau)  wᵀ tanh(W_q q + W_k k)</source>
        <translation>加性（Bahdanau）  wᵀ tanh(W_q q + W_k k)</translation>
    </message>
    <message>
        <source>Needs d_q = d_k; here d_q = %1 and d_k = %2</source>
        <translation>需要 d_q = d_k；這裡 d_q = %1，d_k = %2</translation>
    </message>
    <message>
        <source>Score function: %1</source>
        <translation>分數函數：%1</translation>
    </message>
    <message>
        <source>Hidden size h = %1</source>
        <translation>隱藏大小 h = %1</translation>
    </message>
    <message>
        <source>Seeded score weights</source>
        <translation>預設分數權重</translation>
    </message>
</context>
<context>
    <name>attnlens::ScoreStepText</name>
    <message>
        <source>Practice 4: additive attention from a decoder to its encoder</source>
        <translation>練習 4：編碼器–解碼器上的加性注意力</translation>
    </message>
    <message>
        <source>Attention began beside recurrent networks: an LSTM encoder leaves one state per input word, and at every step the LSTM decoder's own state asks which of them to read. Here the decoder state q has length 2 and the encoder states have length 3, so q · k is not even defined. The additive (Bahdanau) score gets round that: W_q q and W_k k both land in a space of size h = 3, tanh bends their sum, and w turns it into one number, score = wᵀ tanh(W_q q + W_k k). Softmax and the weighted sum of the encoder states stay as they were. The lab shows the tanh terms, the scores and the weights per encoder state.</source>
        <translation>注意力最早是和遞迴網路一起出現的：LSTM 編碼器為每個輸入詞留下一個狀態，而 LSTM 解碼器在每一步用自己的狀態去問該讀哪一個。這裡解碼器狀態 q 的長度是 2，編碼器狀態的長度是 3，所以 q · k 根本沒有定義。加性（Bahdanau）分數繞過了這一點：W_q q 和 W_k k 都落在大小為 h = 3 的空間裡，tanh 把它們的和彎曲，再由 w 變成一個數：score = wᵀ tanh(W_q q + W_k k)。softmax 與編碼器狀態的加權和都和原來一樣。實驗室會列出每個編碼器狀態的 tanh 項、分數與權重。</translation>
    </message>
    <message>
        <source>Predict which encoder state the decoder weighs most.</source>
        <translation>預測解碼器最重視哪個編碼器狀態。</translation>
    </message>
    <message>
        <source>Encoder C: its terms tanh(W_q q + W_k k) are about [0.64, 0.98, −0.46], which w = [1, 1.5, −1] turns into the highest score, 2.56, against 2.02 for A and 1.82 for B. Its weight is about 0.49. Nothing required removing the recurrence: the score only needs the states, whatever made them.</source>
        <translation>編碼器 C：它的 tanh(W_q q + W_k k) 項約為 [0.64, 0.98, −0.46]，經 w = [1, 1.5, −1] 得到最高的分數 2.56，A 是 2.02，B 是 1.82。它的權重約為 0.49。整個過程不需要拿掉遞迴：分數只需要這些狀態，不管它們是怎麼來的。</translation>
    </message>
    <message>
        <source>Your guess: rank encoders A, B, C for the decoder</source>
        <translation>你的猜測：為解碼器把編碼器 A、B、C 排序</translation>
    </message>
    <message>
        <source>Query and keys of different lengths</source>
        <translation>長度不同的查詢與鍵</translation>
    </message>
    <message>
        <source>decoder state d = 2, encoder states d = 3, additive score</source>
        <translation>解碼器狀態 d = 2，編碼器狀態 d = 3，加性分數</translation>
    </message>
    <message>
        <source>Weights of encoders A, B, C</source>
        <translation>編碼器 A、B、C 的權重</translation>
    </message>
    <message>
        <source>Which encoder state does the decoder weigh most?</source>
        <translation>解碼器最重視哪個編碼器狀態？</translation>
    </message>
    <message>
        <source>Another encoder state leads</source>
        <translation>換另一個編碼器狀態領先</translation>
    </message>
    <message>
        <source>the most weight is no longer on encoder C</source>
        <translation>最大的權重不再落在編碼器 C</translation>
    </message>
    <message>
        <source>Change one entry of W_q, W_k or w in the lab (try the last entry of w) until another encoder state gets the most weight</source>
        <translation>在實驗室裡改動 W_q、W_k 或 w 的一個元素（試試 w 的最後一個），直到另一個編碼器狀態得到最大的權重</translation>
    </message>
</context>
<context>
    <name>attnlens::ScoreWeightsEditor</name>
    <message>
        <source>Score weights</source>
        <translation>分數權重</translation>
    </message>
    <message>
        <source>Scaled dot-product has no weights: q and k are compared as they are.</source>
        <translation>縮放點積沒有權重：q 與 k 直接拿來比較。</translation>
    </message>
    <message>
        <source>W (d_q × d_k)</source>
        <translation>W（d_q × d_k）</translation>
    </message>
    <message>
        <source>W_q (h × d_q)</source>
        <translation>W_q（h × d_q）</translation>
    </message>
    <message>
        <source>W_k (h × d_k)</source>
        <translation>W_k（h × d_k）</translation>
    </message>
    <message>
        <source>w (h)</source>
        <translation>w（h）</translation>
    </message>
    <message>
        <source>%1 × %2: too large to edit here (the file keeps it)</source>
        <translation>%1 × %2：太大，無法在這裡編輯（檔案會保留它）</translation>
    </message>
    <message>
        <source>%1 entry %2</source>
        <translation>%1 第 %2 個元素</translation>
    </message>
    <message>
        <source>%1 row %2, column %3</source>
        <translation>%1 第 %2 列、第 %3 欄</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
</context>
<context>
    <name>attnlens::TemperaturePanel</name>
    <message>
        <source>Temperature</source>
        <translation>溫度</translation>
    </message>
    <message>
        <source>Sets the softmax temperature T between 0.05 and 20 on a logarithmic slider or by typing it, and shows the entropy of the selected query's attention weights in nats and its effective number of keys e^H.</source>
        <translation>以對數滑桿或直接輸入，將 softmax 溫度 T 設在 0.05 到 20 之間，並顯示所選查詢注意力權重的熵（單位 nats）及其有效鍵數 e^H。</translation>
    </message>
    <message>
        <source>&amp;temperature T</source>
        <translation>溫度 T(&amp;T)</translation>
    </message>
    <message>
        <source>temperature T slider</source>
        <translation>溫度 T 滑桿</translation>
    </message>
    <message>
        <source>Logarithmic: the middle is T = 1, left sharpens towards 0.05, right flattens towards 20.</source>
        <translation>對數刻度：中間是 T = 1，往左朝 0.05 更集中，往右朝 20 更平均。</translation>
    </message>
    <message>
        <source>Temperature T on a logarithmic scale: scores are divided by T before the softmax. Lower T sharpens the weights towards the best key, higher T flattens them towards uniform; T = 1 (the middle) is standard attention.</source>
        <translation>對數刻度上的溫度 T：分數在 softmax 之前先除以 T。較低的 T 讓權重集中到最佳的鍵，較高的 T 讓權重趨於均勻；T = 1（中間）是標準注意力。</translation>
    </message>
    <message>
        <source>0.05 · sharper</source>
        <translation>0.05 · 更集中</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <source>flatter · 20</source>
        <translation>更平均 · 20</translation>
    </message>
    <message>
        <source>temperature T</source>
        <translation>溫度 T</translation>
    </message>
    <message>
        <source>Type a temperature between 0.05 and 20.</source>
        <translation>輸入 0.05 到 20 之間的溫度。</translation>
    </message>
    <message>
        <source>reset to 1</source>
        <translation>重設為 1</translation>
    </message>
    <message>
        <source>reset temperature to 1</source>
        <translation>將溫度重設為 1</translation>
    </message>
    <message>
        <source>Set T back to exactly 1: standard scaled dot-product attention.</source>
        <translation>將 T 設回恰好 1：標準的縮放點積注意力。</translation>
    </message>
    <message>
        <source>entropy of the selected query's weights</source>
        <translation>所選查詢權重的熵</translation>
    </message>
    <message>
        <source>■ row 10 “token 10”: entropy 1.05 nats · effective keys 2.86 of 10</source>
        <translation>■ 第 10 列「token 10」：熵 1.05 nats · 有效鍵數 2.86 / 10</translation>
    </message>
    <message>
        <source>T = %1 (full precision %2)</source>
        <translation>T = %1（完整精度 %2）</translation>
    </message>
    <message>
        <source>Type a temperature between 0.05 and 20 and it applies at once.
</source>
        <translation>輸入 0.05 到 20 之間的溫度，會立即套用。
</translation>
    </message>
    <message>
        <source>⚠ T = %1 is invalid: %2. Move the slider or type a value to fix it.</source>
        <translation>⚠ T = %1 無效：%2。移動滑桿或輸入數值即可修正。</translation>
    </message>
    <message>
        <source>&lt;span style="color:%1"&gt;■&lt;/span&gt; row %2 %3</source>
        <translation>&lt;span style="color:%1"&gt;■&lt;/span&gt; 第 %2 列 %3</translation>
    </message>
    <message>
        <source>of %1</source>
        <translation>/ %1</translation>
    </message>
    <message>
        <source>of %1 allowed</source>
        <translation>/ %1 個允許的鍵</translation>
    </message>
    <message>
        <source>%1: entropy &lt;b&gt;%2&lt;/b&gt; nats · effective keys &lt;b&gt;%3&lt;/b&gt; %4</source>
        <translation>%1：熵 &lt;b&gt;%2&lt;/b&gt; nats · 有效鍵數 &lt;b&gt;%3&lt;/b&gt; %4</translation>
    </message>
    <message>
        <source>&lt;span style="color:#777"&gt;entropy: no query selected&lt;/span&gt;</source>
        <translation>&lt;span style="color:#777"&gt;熵：未選取查詢&lt;/span&gt;</translation>
    </message>
    <message>
        <source>scenario refused</source>
        <translation>情境被拒絕</translation>
    </message>
    <message>
        <source>no allowed key</source>
        <translation>沒有允許的鍵</translation>
    </message>
    <message>
        <source>invalid T</source>
        <translation>T 無效</translation>
    </message>
    <message>
        <source>%1: &lt;span style="color:#777"&gt;entropy undefined (%2)&lt;/span&gt;</source>
        <translation>%1：&lt;span style="color:#777"&gt;熵未定義（%2）&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Entropy H = −Σ w ln w of row %1's attention weights, in nats (natural logarithm): 0 when all weight sits on one key, ln k when k keys share it equally.
Effective keys e^H: how many keys would share the weight equally to give the same entropy. Lower T sharpens the row and lowers both.
H = %2 nats
e^H = %3</source>
        <translation>第 %1 列注意力權重的熵 H = −Σ w ln w，單位 nats（自然對數）：所有權重集中在一個鍵時為 0，k 個鍵平分時為 ln k。
有效鍵數 e^H：要有多少個鍵平分權重，才會得到相同的熵。較低的 T 會讓該列更集中，兩者都會降低。
H = %2 nats
e^H = %3</translation>
    </message>
    <message>
        <source>The scenario's T = %1 lies beyond the control's range 0.05–20: the control shows %2, and T stays %1 until you move the slider or type a value.</source>
        <translation>情境的 T = %1 超出控制項的範圍 0.05–20：控制項顯示 %2，在你移動滑桿或輸入數值之前，T 仍為 %1。</translation>
    </message>
    <message>
        <source>Set temperature</source>
        <translation>設定溫度</translation>
    </message>
    <message>
        <source>Reset temperature to 1</source>
        <translation>將溫度重設為 1</translation>
    </message>
    <message>
        <source>Set temperature to %1</source>
        <translation>將溫度設為 %1</translation>
    </message>
</context>
<context>
    <name>attnlens::Theme</name>
    <message>
        <source>&amp;Light</source>
        <translation>淺色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Projector (high contrast)</source>
        <translation>投影機（高對比）(&amp;P)</translation>
    </message>
</context>
<context>
    <name>attnlens::ThemeController</name>
    <message>
        <source>&amp;Theme</source>
        <translation>佈景主題(&amp;T)</translation>
    </message>
    <message>
        <source>Dark text on white: the classic look.</source>
        <translation>白底深色文字：經典外觀。</translation>
    </message>
    <message>
        <source>Light text on dark grey, easy on the eyes in a dim room.</source>
        <translation>深灰底淺色文字，在昏暗的教室裡較不刺眼。</translation>
    </message>
    <message>
        <source>High contrast for a projector: black on white, thick lines, saturated colours, bigger text.</source>
        <translation>投影機用的高對比：白底黑字、粗線條、飽和色彩、較大的文字。</translation>
    </message>
</context>
<context>
    <name>attnlens::UndoRecorder</name>
    <message>
        <source>Rename scenario to %1</source>
        <translation>將情境重新命名為 %1</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>（無名稱）</translation>
    </message>
    <message>
        <source>Rename query %1 to %2</source>
        <translation>將查詢 %1 重新命名為 %2</translation>
    </message>
    <message>
        <source>Rename key %1 to %2</source>
        <translation>將鍵 %1 重新命名為 %2</translation>
    </message>
    <message>
        <source>Add query %1</source>
        <translation>新增查詢 %1</translation>
    </message>
    <message>
        <source>Remove query %1</source>
        <translation>移除查詢 %1</translation>
    </message>
    <message>
        <source>Add key %1</source>
        <translation>新增鍵 %1</translation>
    </message>
    <message>
        <source>Remove key %1</source>
        <translation>移除鍵 %1</translation>
    </message>
    <message>
        <source>Change d_k from %1 to %2</source>
        <translation>將 d_k 從 %1 改為 %2</translation>
    </message>
    <message>
        <source>Change d_v from %1 to %2</source>
        <translation>將 d_v 從 %1 改為 %2</translation>
    </message>
    <message>
        <source>Edit query %1</source>
        <translation>編輯查詢 %1</translation>
    </message>
    <message>
        <source>Edit key %1</source>
        <translation>編輯鍵 %1</translation>
    </message>
    <message>
        <source>Edit value %1</source>
        <translation>編輯值 %1</translation>
    </message>
    <message>
        <source>Change mask</source>
        <translation>變更遮罩</translation>
    </message>
    <message>
        <source>Allow every key</source>
        <translation>允許每個鍵</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Allow %1</source>
        <translation>允許 %1</translation>
    </message>
    <message>
        <source>Block %1</source>
        <translation>封鎖 %1</translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation>因果遮罩</translation>
    </message>
    <message>
        <source>Change mask (%1 cells)</source>
        <translation>變更遮罩（%1 個格子）</translation>
    </message>
    <message>
        <source>Load scenario</source>
        <translation>載入情境</translation>
    </message>
    <message>
        <source>Load scenario %1</source>
        <translation>載入情境 %1</translation>
    </message>
    <message>
        <source>Change scenario</source>
        <translation>變更情境</translation>
    </message>
    <message>
        <source>Rename %1 to %2</source>
        <translation>將 %1 重新命名為 %2</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>新增 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>an edit, then the head it was made in</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Change score function</source>
        <translation>變更分數函數</translation>
    </message>
</context>
<context>
    <name>attnlens::UndoTemperatureCommand</name>
    <message>
        <source>Temperature %1 → %2</source>
        <translation>溫度 %1 → %2</translation>
    </message>
</context>
<context>
    <name>attnlens::WeightsChartView</name>
    <message>
        <source>Attention weights chart</source>
        <translation>注意力權重圖</translation>
    </message>
    <message>
        <source>Bar chart of the selected query's attention weights over the keys, from 0 to 1; masked keys are hatched and marked "masked".</source>
        <translation>所選查詢對各鍵注意力權重的長條圖，範圍 0 到 1；被遮罩的鍵以斜線標示並註明「已遮罩」。</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>權重</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已遮罩</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>注意力權重</translation>
    </message>
    <message>
        <source>weights of %1 over %2 keys</source>
        <translation>%1 對 %2 個鍵的權重</translation>
    </message>
    <message>
        <source>weights of %1 over the keys</source>
        <translation>%1 對各鍵的權重</translation>
    </message>
    <message>
        <source>weights of %1</source>
        <translation>%1 的權重</translation>
    </message>
    <message>
        <source>%1 is masked for %2: weight 0</source>
        <translation>%1 對 %2 被遮罩：權重 0</translation>
    </message>
    <message>
        <source>weight of %1 for %2: %3</source>
        <translation>%1 對 %2 的權重：%3</translation>
    </message>
</context>
<context>
    <name>attnlens::WeightsTableModel</name>
    <message>
        <source>Hidden until you reveal the lesson's answers.</source>
        <translation>在揭曉課程答案之前隱藏。</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已遮罩</translation>
    </message>
    <message>
        <source>undefined: no allowed key</source>
        <translation>未定義：沒有允許的鍵</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>未計算</translation>
    </message>
    <message>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>context %1</source>
        <translation>上下文 %1</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <source>%1, %2: weight %3</source>
        <translation>%1，%2：權重 %3</translation>
    </message>
    <message>
        <source>Context of %1, coordinate %2</source>
        <translation>%1 的上下文，座標 %2</translation>
    </message>
    <message>
        <source>Weight of %1 on %2</source>
        <translation>%1 對 %2 的權重</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>%1: masked, so exactly 0 and left out of the softmax.</source>
        <translation>%1：已遮罩，因此恰為 0，且不列入 softmax。</translation>
    </message>
    <message>
        <source>%1: undefined, because every key is masked for this query. Allow at least one key in its mask row.</source>
        <translation>%1：未定義，因為此查詢的每個鍵都被遮罩。請在它的遮罩列中至少允許一個鍵。</translation>
    </message>
    <message>
        <source>%1: not computed (%2).</source>
        <translation>%1：未計算（%2）。</translation>
    </message>
    <message>
        <source>no result</source>
        <translation>沒有結果</translation>
    </message>
    <message>
        <source>query %1 (receiving)</source>
        <translation>查詢 %1（接收方）</translation>
    </message>
    <message>
        <source>coordinate %1 of the context vector, the weighted sum of the value rows</source>
        <translation>上下文向量的第 %1 個座標，即各值向量列的加權和</translation>
    </message>
    <message>
        <source>key %1 (source); its column holds each query's weight on it</source>
        <translation>鍵 %1（來源）；此欄是每個查詢對它的權重</translation>
    </message>
</context>
<context>
    <name>attnlens::WeightsTableView</name>
    <message>
        <source>Weights as a table</source>
        <translation>權重表格</translation>
    </message>
    <message>
        <source>Attention weights and context, one row per query</source>
        <translation>注意力權重與上下文，每個查詢一列</translation>
    </message>
    <message>
        <source>Rows are receiving queries, columns are source keys, then the context vector. A masked key reads masked; a query with no allowed key reads undefined. Moving to a row selects that query in every view.</source>
        <translation>列是接收方的查詢，欄是來源的鍵，最後是上下文向量。被遮罩的鍵顯示「已遮罩」；沒有允許鍵的查詢顯示「未定義」。移到某一列會在所有檢視中選取該查詢。</translation>
    </message>
    <message>
        <source>Attention weights: one row per query, one column per key, then the context vector.</source>
        <translation>注意力權重：每個查詢一列，每個鍵一欄，最後是上下文向量。</translation>
    </message>
    <message>
        <source>Weights undefined for %1: no allowed key. Allow at least one key in its mask row.</source>
        <translation>%1 的權重未定義：沒有允許的鍵。請在它的遮罩列中至少允許一個鍵。</translation>
    </message>
    <message>
        <source>No numbers: %1</source>
        <translation>沒有數值：%1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>the head, then the note</comment>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>attnlens::WorkedNumbersComposer</name>
    <message>
        <source>No query to show</source>
        <translation>沒有可顯示的查詢</translation>
    </message>
    <message>
        <source>the scores</source>
        <translation>分數</translation>
    </message>
    <message>
        <source>the weights</source>
        <translation>權重</translation>
    </message>
    <message>
        <source>the context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source> and </source>
        <comment>joins the hidden quantities</comment>
        <translation>與</translation>
    </message>
    <message>
        <source>Predict first: %1 are written ? until you reveal the answers (R).</source>
        <translation>先預測：%1在你揭曉答案（R）之前寫成 ?。</translation>
    </message>
    <message>
        <source>No numbers are shown until the scenario can be computed again.</source>
        <translation>在情境能再次計算之前不顯示數值。</translation>
    </message>
    <message>
        <source>… %1 more %2</source>
        <translation>… 另有 %1 個%2</translation>
    </message>
    <message>
        <source>Worked numbers for “%1”</source>
        <translation>「%1」的計算過程</translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation>… 另有 %1 個</translation>
    </message>
    <message>
        <source>d&lt;sub&gt;k&lt;/sub&gt; = %1, √d&lt;sub&gt;k&lt;/sub&gt;</source>
        <translation>d&lt;sub&gt;k&lt;/sub&gt; = %1，√d&lt;sub&gt;k&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>1  Scores</source>
        <translation>1  分數</translation>
    </message>
    <message>
        <source>dot product, then ÷ √d&lt;sub&gt;k&lt;/sub&gt; and ÷ T</source>
        <translation>點積，接著 ÷ √d&lt;sub&gt;k&lt;/sub&gt; 與 ÷ T</translation>
    </message>
    <message>
        <source>÷ √d&lt;sub&gt;k&lt;/sub&gt;&lt;br&gt;= score</source>
        <translation>÷ √d&lt;sub&gt;k&lt;/sub&gt;&lt;br&gt;= 分數</translation>
    </message>
    <message>
        <source>÷ T&lt;br&gt;= z</source>
        <translation>÷ T&lt;br&gt;= z</translation>
    </message>
    <message>
        <source>key</source>
        <translation>鍵</translation>
    </message>
    <message>
        <source>÷ √d&lt;sub&gt;k&lt;/sub&gt; = score</source>
        <translation>÷ √d&lt;sub&gt;k&lt;/sub&gt; = 分數</translation>
    </message>
    <message>
        <source>÷ T = z</source>
        <translation>÷ T = z</translation>
    </message>
    <message>
        <source>… (%1 more terms)</source>
        <translation>…（另有 %1 項）</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>鍵</translation>
    </message>
    <message>
        <source>2  Softmax</source>
        <translation>2  Softmax</translation>
    </message>
    <message>
        <source>subtract the maximum, exponentiate, divide by the sum</source>
        <translation>減去最大值、取指數、除以總和</translation>
    </message>
    <message>
        <source>maximum of z over the allowed keys:</source>
        <translation>允許的鍵中 z 的最大值：</translation>
    </message>
    <message>
        <source>maximum of z:</source>
        <translation>z 的最大值：</translation>
    </message>
    <message>
        <source>z − m</source>
        <translation>z − m</translation>
    </message>
    <message>
        <source>exp&lt;br&gt;(z − m)</source>
        <translation>exp&lt;br&gt;(z − m)</translation>
    </message>
    <message>
        <source>÷ Σ&lt;br&gt;= weight</source>
        <translation>÷ Σ&lt;br&gt;= 權重</translation>
    </message>
    <message>
        <source>exp(z − m)</source>
        <translation>exp(z − m)</translation>
    </message>
    <message>
        <source>÷ Σ = weight</source>
        <translation>÷ Σ = 權重</translation>
    </message>
    <message>
        <source>masked → weight</source>
        <translation>已遮罩 → 權重</translation>
    </message>
    <message>
        <source>The maximum and the sum run over all %1 keys.</source>
        <translation>最大值與總和涵蓋全部 %1 個鍵。</translation>
    </message>
    <message>
        <source>3  Context</source>
        <translation>3  上下文向量</translation>
    </message>
    <message>
        <source>c = Σ wᵢ·vᵢ over the allowed keys (masked keys are left out)</source>
        <translation>c = Σ wᵢ·vᵢ，僅計入允許的鍵（被遮罩的鍵排除在外）</translation>
    </message>
    <message>
        <source>c = Σ wᵢ·vᵢ</source>
        <translation>c = Σ wᵢ·vᵢ</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>維度</translation>
    </message>
    <message>
        <source>dimensions</source>
        <translation>維度</translation>
    </message>
    <message>
        <source>Worked numbers for “%1” in %2</source>
        <comment>the query, then the head</comment>
        <translation>「%1」在%2的計算過程</translation>
    </message>
    <message>
        <source>d&lt;sub&gt;q&lt;/sub&gt; = %1, d&lt;sub&gt;k&lt;/sub&gt; = %2, no ÷ √d&lt;sub&gt;k&lt;/sub&gt;</source>
        <translation>d&lt;sub&gt;q&lt;/sub&gt; = %1，d&lt;sub&gt;k&lt;/sub&gt; = %2，不 ÷ √d&lt;sub&gt;k&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>general: score = q·(W k), then ÷ T (no ÷ √d&lt;sub&gt;k&lt;/sub&gt;)</source>
        <translation>一般式：score = q·(W k)，再 ÷ T（不 ÷ √d&lt;sub&gt;k&lt;/sub&gt;）</translation>
    </message>
    <message>
        <source>additive: score = w·tanh(W&lt;sub&gt;q&lt;/sub&gt; q + W&lt;sub&gt;k&lt;/sub&gt; k), then ÷ T (no ÷ √d&lt;sub&gt;k&lt;/sub&gt;)</source>
        <translation>加性：score = w·tanh(W&lt;sub&gt;q&lt;/sub&gt; q + W&lt;sub&gt;k&lt;/sub&gt; k)，再 ÷ T（不 ÷ √d&lt;sub&gt;k&lt;/sub&gt;）</translation>
    </message>
    <message>
        <source>t = tanh(W&lt;sub&gt;q&lt;/sub&gt; q + W&lt;sub&gt;k&lt;/sub&gt; k)</source>
        <translation>t = tanh(W&lt;sub&gt;q&lt;/sub&gt; q + W&lt;sub&gt;k&lt;/sub&gt; k)</translation>
    </message>
    <message>
        <source> = score</source>
        <translation> = 分數</translation>
    </message>
    <message>
        <source>, … %1 more</source>
        <translation>，… 另 %1 個</translation>
    </message>
</context>
<context>
    <name>attnlens::WorkedNumbersView</name>
    <message>
        <source>Worked numbers</source>
        <translation>計算過程</translation>
    </message>
    <message>
        <source>The selected query's attention calculated by hand: dot products, scaling by the square root of d_k and by the temperature, exponentials after subtracting the maximum, their sum, the weights, and the context as a weighted sum of the values.</source>
        <translation>以手算方式呈現所選查詢的注意力：內積、除以 d_k 的平方根與溫度、減去最大值後取指數、指數的總和、權重，以及作為值之加權總和的上下文向量。</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>複製為文字</translation>
    </message>
</context>
<context>
    <name>attnlens::LabMaterial</name>
    <message>
        <source>Back to your scenario</source>
        <translation>回到你的情境</translation>
    </message>
</context>
<context>
    <name>attnlens::LabMaterialBar</name>
    <message>
        <source>Back to your scenario</source>
        <translation>回到你的情境</translation>
    </message>
    <message>
        <source>Brings your scenario back; Edit &gt; Undo works too.</source>
        <translation>把你的情境帶回來；「編輯 &gt; 復原」也可以。</translation>
    </message>
    <message>
        <source>Brings “%1” back; Edit &gt; Undo works too.</source>
        <translation>把「%1」帶回來；「編輯 &gt; 復原」也可以。</translation>
    </message>
    <message>
        <source>%1: your scenario is set aside, unchanged.</source>
        <translation>%1：你的情境先放在一旁，沒有改動。</translation>
    </message>
    <message>
        <source>%1: your scenario “%2” is set aside, unchanged.</source>
        <translation>%1：你的情境「%2」先放在一旁，沒有改動。</translation>
    </message>
</context>
<context>
    <name>attnlens::RecentFilesMenu</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;%1  %2</source>
        <translation>&amp;%1  %2</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>沒有最近的檔案</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近的檔案(&amp;C)</translation>
    </message>
    <message>
        <source>File not found</source>
        <translation>找不到檔案</translation>
    </message>
    <message>
        <source>%1 no longer exists, so it was removed from the recent files.</source>
        <translation>%1 已不存在，因此已從最近的檔案中移除。</translation>
    </message>
</context>
</TS>